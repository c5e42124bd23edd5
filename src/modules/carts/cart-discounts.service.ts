import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { ApiError } from '../../common/errors/api-error';
import { DiscountsService } from '../discounts/discounts.service';
import { allocateDiscount, assertDiscountApplicable, isFreeShipping } from '../discounts/engine';
import type { EngineContext, EngineDiscount } from '../discounts/engine';
import { normalizeDiscountCode } from '../discounts/discount.entity';
import type { Cart } from './cart.entity';
import { customerGroupIds } from '../customers/customers.repository';
import { engineLineItems, insertDiscountAdjustments, replaceCartDiscounts, unlinkCartDiscountByCode, unlinkCartDiscounts } from './cart-discounts.repository';

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
   * 404 naming every code when one is unknown; the engine's 400s for a code that cannot be used by this
   * cart (usage limit, dates, disabled, region, customer group); codes are judged in
   * request order, so the first failing one answers. Returns the discounts now on the
   * cart: the caller rebuilds the adjustments from them (CartRecalculationService.afterCartChanged).
   */
  async apply(cart: Cart, codes: string[], manager: EntityManager): Promise<EngineDiscount[]> {
    const unique = [...new Set(codes.map(normalizeDiscountCode))];
    const found = await this.discounts.engineDiscountsByCode(unique, manager);
    // Medusa's wording, naming every code asked for, before any code is judged.
    if (unique.some((code) => !found.has(code))) throw ApiError.notFound(`Discounts with code [${unique.join(', ')}] was not found`);
    const ctx = await this.engineContext(cart, [...found.values()], manager);
    const chosen: EngineDiscount[] = [];
    let hasRegular = false;
    for (const code of unique) {
      const discount = found.get(code)!;
      assertDiscountApplicable(discount, ctx);
      if (isFreeShipping(discount)) chosen.push(discount);
      else if (!hasRegular) {
        chosen.push(discount);
        hasRegular = true;
      }
    }
    await replaceCartDiscounts(
      manager,
      cart.id,
      chosen.map((d) => d.id),
    );
    return [...chosen].sort((a, b) => a.code.localeCompare(b.code));
  }

  /**
   * Removes the discount with that code (case-insensitive); an unknown code is not an error.
   * The caller rebuilds the adjustments (CartRecalculationService.afterCartChanged).
   */
  async remove(cart: Cart, code: string, manager: EntityManager): Promise<void> {
    await unlinkCartDiscountByCode(manager, cart.id, normalizeDiscountCode(code));
  }

  /** Drops discounts not usable in `regionId` (a region change), silently as Medusa does. */
  async dropOutsideRegion(cart: Cart, regionId: string, manager: EntityManager): Promise<void> {
    const outside = (await this.cartDiscounts(cart.id, manager)).filter((d) => !d.region_ids.includes(regionId)).map((d) => d.id);
    await unlinkCartDiscounts(manager, cart.id, outside);
  }

  /**
   * Rebuilds the discount adjustments of the cart's lines from its one non-free-shipping
   * discount, after the old ones were dropped (dropDerivedRowsAfterCartChange). Amounts come
   * from the engine's allocation, integer minor units that sum exactly to the discount;
   * no eligible line, no adjustment. One INSERT for all lines.
   * `regular`: the discount when the caller has it, else read from the cart.
   */
  async insertAdjustments(cartId: string, regular: EngineDiscount | undefined, manager: EntityManager): Promise<void> {
    const discount = regular ?? (await this.cartDiscounts(cartId, manager)).find((d) => !isFreeShipping(d));
    if (!discount) return;
    const items = await engineLineItems(manager, cartId);
    if (items.length === 0) return;
    await insertDiscountAdjustments(manager, discount.id, allocateDiscount(discount, items));
  }

  /**
   * At completion: re-checks every discount of the cart (dates, disabled, region,
   * customer groups, usage) and consumes one use of each with a conditional UPDATE
   * (`usage_count < usage_limit`), so two carts racing for the last use get one success.
   * Locks discount rows in id order (after the cart row, as every path does).
   */
  async consumeForOrder(cart: Cart, manager: EntityManager): Promise<void> {
    const discounts = (await this.cartDiscounts(cart.id, manager)).sort((a, b) => a.id.localeCompare(b.id));
    if (discounts.length === 0) return;
    const ctx = await this.engineContext(cart, discounts, manager);
    for (const discount of discounts) assertDiscountApplicable({ ...discount, usage_limit: null }, ctx);
    await this.discounts.incrementUsage(
      discounts.map((d) => d.id),
      manager,
    );
  }

  /** The cart's discounts as the engine sees them (one query), ordered by code. */
  cartDiscounts(cartId: string, manager: EntityManager): Promise<EngineDiscount[]> {
    return this.discounts.engineDiscountsOfCart(cartId, manager);
  }

  /** The engine's context; the customer's groups are read only when a discount has a customer-group condition. */
  private async engineContext(cart: Cart, discounts: readonly EngineDiscount[], manager: EntityManager): Promise<EngineContext> {
    const needsGroups = !!cart.customer_id && discounts.some((d) => d.rule.conditions.some((c) => c.type === 'customer_groups'));
    const groups = needsGroups ? await customerGroupIds(manager, cart.customer_id!) : [];
    return { region_id: cart.region_id, customer_group_ids: groups, now: new Date(), customer_id: cart.customer_id };
  }
}
