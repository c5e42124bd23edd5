import { Injectable } from '@nestjs/common';
import { EntityManager, QueryDeepPartialEntity } from 'typeorm';
import { DiscountsService } from '../discounts/discounts.service';
import { allocateDiscount, assertDiscountApplicable, isFreeShipping } from '../discounts/engine';
import type { EngineContext, EngineDiscount, EngineLineItem } from '../discounts/engine';
import { normalizeDiscountCode } from '../discounts/discount.entity';
import type { Cart } from './cart.entity';
import { LineItemAdjustment } from './line-item-adjustment.entity';
import { LineItem } from './line-item.entity';

/**
 * Discounts on a cart, through the discounts module's pure engine. Called inside the
 * caller's transaction with the cart row locked.
 * Combination rule (Medusa v1): any number of free-shipping discounts plus at most one
 * other discount; further codes are dropped silently, here deterministically (the first
 * in request order wins). Free shipping is left to the calculator: stored shipping prices
 * are never overwritten, so removing it always restores them.
 */
@Injectable()
export class CartDiscountsService {
  constructor(private readonly discounts: DiscountsService) {}

  /**
   * Replaces the cart's discounts by `codes` (case-insensitive; duplicates ignored).
   * 404 for an unknown code; the engine's 400s for a code that cannot be used by this
   * cart (usage limit, dates, disabled, region, customer group). Rebuilds adjustments.
   */
  async apply(cart: Cart, codes: string[], manager: EntityManager): Promise<void> {
    const ctx = await this.engineContext(cart, manager);
    const chosen: EngineDiscount[] = [];
    let hasRegular = false;
    for (const code of [...new Set(codes.map(normalizeDiscountCode))]) {
      const discount = this.discounts.toEngineDiscount(await this.discounts.retrieveByCodeForCart(code, manager));
      assertDiscountApplicable(discount, ctx);
      if (isFreeShipping(discount)) chosen.push(discount);
      else if (!hasRegular) {
        chosen.push(discount);
        hasRegular = true;
      }
    }
    await manager.query('DELETE FROM cart_discounts WHERE cart_id = $1', [cart.id]);
    for (const discount of chosen) {
      await manager.query('INSERT INTO cart_discounts (cart_id, discount_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [cart.id, discount.id]);
    }
    await this.refreshAdjustments(cart, manager);
  }

  /** Removes the discount with that code (case-insensitive); an unknown code is not an error. */
  async remove(cart: Cart, code: string, manager: EntityManager): Promise<void> {
    await manager.query('DELETE FROM cart_discounts cd USING discount d WHERE cd.cart_id = $1 AND d.id = cd.discount_id AND d.code = $2', [
      cart.id,
      normalizeDiscountCode(code),
    ]);
    await this.refreshAdjustments(cart, manager);
  }

  /** Drops discounts not usable in `regionId` (a region change), silently as Medusa does. */
  async dropOutsideRegion(cart: Cart, regionId: string, manager: EntityManager): Promise<void> {
    for (const discount of await this.cartDiscounts(cart.id, manager)) {
      if (!discount.region_ids.includes(regionId)) {
        await manager.query('DELETE FROM cart_discounts WHERE cart_id = $1 AND discount_id = $2', [cart.id, discount.id]);
      }
    }
  }

  /**
   * Rebuilds the discount adjustments of the cart's lines from its one non-free-shipping
   * discount (custom adjustments without a discount are kept). Amounts come from the
   * engine's allocation, integer minor units that sum exactly to the discount.
   */
  async refreshAdjustments(cart: Cart, manager: EntityManager): Promise<void> {
    const items = await this.engineItems(cart.id, manager);
    if (items.length > 0) {
      await manager.query('DELETE FROM line_item_adjustment WHERE discount_id IS NOT NULL AND item_id = ANY($1::varchar[])', [items.map((i) => i.id)]);
    }
    const regular = (await this.cartDiscounts(cart.id, manager)).find((d) => !isFreeShipping(d));
    if (!regular || items.length === 0) return;
    const repo = manager.getRepository(LineItemAdjustment);
    for (const allocation of allocateDiscount(regular, items)) {
      await repo.insert(
        repo.create({ item_id: allocation.item_id, discount_id: regular.id, description: 'discount', amount: allocation.amount, metadata: null }) as QueryDeepPartialEntity<LineItemAdjustment>,
      );
    }
  }

  /**
   * At completion: re-checks every discount of the cart (dates, disabled, region,
   * customer groups, usage) and consumes one use of each with a conditional UPDATE
   * (`usage_count < usage_limit`), so two carts racing for the last use get one success.
   * Locks discount rows in id order (after the cart row, as every path does).
   */
  async consumeForOrder(cart: Cart, manager: EntityManager): Promise<void> {
    const discounts = (await this.cartDiscounts(cart.id, manager)).sort((a, b) => a.id.localeCompare(b.id));
    const ctx = await this.engineContext(cart, manager);
    for (const discount of discounts) assertDiscountApplicable({ ...discount, usage_limit: null }, ctx);
    await this.discounts.incrementUsage(
      discounts.map((d) => d.id),
      manager,
    );
  }

  /** The cart's discounts as the engine sees them. */
  async cartDiscounts(cartId: string, manager: EntityManager): Promise<EngineDiscount[]> {
    const rows: Array<{ code: string }> = await manager.query(
      'SELECT d.code FROM cart_discounts cd JOIN discount d ON d.id = cd.discount_id WHERE cd.cart_id = $1 AND d.deleted_at IS NULL ORDER BY d.code',
      [cartId],
    );
    const discounts: EngineDiscount[] = [];
    for (const row of rows) discounts.push(this.discounts.toEngineDiscount(await this.discounts.retrieveByCodeForCart(row.code, manager)));
    return discounts;
  }

  private async engineContext(cart: Cart, manager: EntityManager): Promise<EngineContext> {
    const groups: Array<{ customer_group_id: string }> = cart.customer_id
      ? await manager.query('SELECT customer_group_id FROM customer_group_customers WHERE customer_id = $1', [cart.customer_id])
      : [];
    return { region_id: cart.region_id, customer_group_ids: groups.map((g) => g.customer_group_id), now: new Date(), customer_id: cart.customer_id };
  }

  private async engineItems(cartId: string, manager: EntityManager): Promise<EngineLineItem[]> {
    const lines = await manager.getRepository(LineItem).find({
      where: { cart_id: cartId },
      relations: { variant: { product: { tags: true } } },
      relationLoadStrategy: 'query',
      order: { created_at: 'ASC', id: 'ASC' },
    });
    return lines.map((line) => {
      const product = line.variant?.product;
      return {
        id: line.id,
        unit_price: line.unit_price,
        quantity: line.quantity,
        allow_discounts: line.allow_discounts,
        is_giftcard: line.is_giftcard,
        product_id: product?.id ?? null,
        product_type_id: product?.type_id ?? null,
        product_collection_id: product?.collection_id ?? null,
        product_tag_ids: (product?.tags ?? []).map((t) => t.id),
      };
    });
  }
}
