import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { generateEntityId } from '../../common/database/ids';
import { ApiError } from '../../common/errors/api-error';
import { DiscountsService } from '../discounts/discounts.service';
import { allocateDiscount, assertDiscountApplicable, isFreeShipping } from '../discounts/engine';
import type { EngineContext, EngineDiscount, EngineLineItem } from '../discounts/engine';
import { normalizeDiscountCode } from '../discounts/discount.entity';
import type { Cart } from './cart.entity';
import { LineItemAdjustment } from './line-item-adjustment.entity';

/**
 * The cart's lines as the engine sees them, with their product's type, collection and live
 * tags, in one query (TypeORM's relation loading took four). A soft-deleted variant or
 * product counts as no product, as the relation loading did.
 */
const ENGINE_ITEMS_SQL = `
  SELECT li.id, li.unit_price, li.quantity, li.allow_discounts, li.is_giftcard,
         p.id AS product_id, p.type_id AS product_type_id, p.collection_id AS product_collection_id,
         CASE WHEN p.id IS NULL THEN '[]'::json ELSE
           (SELECT coalesce(json_agg(pt.product_tag_id ORDER BY pt.product_tag_id), '[]'::json)
              FROM product_tags pt JOIN product_tag t ON t.id = pt.product_tag_id AND t.deleted_at IS NULL
             WHERE pt.product_id = p.id) END AS product_tag_ids
    FROM line_item li
    LEFT JOIN product_variant v ON v.id = li.variant_id AND v.deleted_at IS NULL
    LEFT JOIN product p ON p.id = v.product_id AND p.deleted_at IS NULL
   WHERE li.cart_id = $1
   ORDER BY li.created_at, li.id`;

/**
 * The cart's (`$1`) discount adjustments dropped, as a data-modifying CTE (custom
 * adjustments without a discount are kept); the first step of rebuilding them, for callers
 * that fold it into one statement with other follow-ups.
 */
export const DROP_DISCOUNT_ADJUSTMENTS = `
  dropped_adjustments AS (
    DELETE FROM line_item_adjustment a USING line_item li
     WHERE li.cart_id = $1 AND a.item_id = li.id AND a.discount_id IS NOT NULL)`;

/**
 * Whether the cart `$1` has a live discount other than free shipping (the one that makes
 * adjustments), as an SQL expression.
 */
export const CART_HAS_REGULAR_DISCOUNT = `EXISTS (
  SELECT 1 FROM cart_discounts cd
    JOIN discount d ON d.id = cd.discount_id AND d.deleted_at IS NULL
    JOIN discount_rule r ON r.id = d.rule_id AND r.deleted_at IS NULL
   WHERE cd.cart_id = $1 AND r.type <> 'free_shipping')`;

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
   * cart: the caller rebuilds the adjustments from them (CartFollowUpsService.afterCartChanged).
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
    // One statement: links outside the new set go, missing ones come. The DELETE never
    // touches a row the INSERT skips as present, so the two parts cannot interfere.
    await manager.query(
      `WITH unlinked AS (DELETE FROM cart_discounts WHERE cart_id = $1 AND discount_id <> ALL($2::varchar[]))
       INSERT INTO cart_discounts (cart_id, discount_id)
       SELECT $1, id FROM unnest($2::varchar[]) AS id
        WHERE NOT EXISTS (SELECT 1 FROM cart_discounts WHERE cart_id = $1 AND discount_id = id)
       ON CONFLICT DO NOTHING`,
      [cart.id, chosen.map((d) => d.id)],
    );
    return [...chosen].sort((a, b) => a.code.localeCompare(b.code));
  }

  /**
   * Removes the discount with that code (case-insensitive); an unknown code is not an error.
   * The caller rebuilds the adjustments (CartFollowUpsService.afterCartChanged).
   */
  async remove(cart: Cart, code: string, manager: EntityManager): Promise<void> {
    await manager.query('DELETE FROM cart_discounts cd USING discount d WHERE cd.cart_id = $1 AND d.id = cd.discount_id AND d.code = $2', [
      cart.id,
      normalizeDiscountCode(code),
    ]);
  }

  /** Drops discounts not usable in `regionId` (a region change), silently as Medusa does. */
  async dropOutsideRegion(cart: Cart, regionId: string, manager: EntityManager): Promise<void> {
    const outside = (await this.cartDiscounts(cart.id, manager)).filter((d) => !d.region_ids.includes(regionId)).map((d) => d.id);
    if (outside.length > 0) await manager.query('DELETE FROM cart_discounts WHERE cart_id = $1 AND discount_id = ANY($2::varchar[])', [cart.id, outside]);
  }

  /**
   * Rebuilds the discount adjustments of the cart's lines from its one non-free-shipping
   * discount, after the old ones were dropped (DROP_DISCOUNT_ADJUSTMENTS). Amounts come
   * from the engine's allocation, integer minor units that sum exactly to the discount;
   * no eligible line, no adjustment. One INSERT for all lines.
   * `regular`: the discount when the caller has it, else read from the cart.
   */
  async insertAdjustments(cartId: string, regular: EngineDiscount | undefined, manager: EntityManager): Promise<void> {
    const discount = regular ?? (await this.cartDiscounts(cartId, manager)).find((d) => !isFreeShipping(d));
    if (!discount) return;
    const items = await this.engineItems(cartId, manager);
    if (items.length === 0) return;
    const allocations = allocateDiscount(discount, items);
    if (allocations.length === 0) return;
    await manager.query(
      `INSERT INTO line_item_adjustment (id, item_id, discount_id, description, amount, metadata)
       SELECT id, item_id, $3, 'discount', amount, NULL FROM unnest($1::varchar[], $2::varchar[], $4::numeric[]) AS a(id, item_id, amount)`,
      [allocations.map(() => generateEntityId(LineItemAdjustment.idPrefix)), allocations.map((a) => a.item_id), discount.id, allocations.map((a) => a.amount)],
    );
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
    const groups: Array<{ customer_group_id: string }> = needsGroups
      ? await manager.query('SELECT customer_group_id FROM customer_group_customers WHERE customer_id = $1', [cart.customer_id])
      : [];
    return { region_id: cart.region_id, customer_group_ids: groups.map((g) => g.customer_group_id), now: new Date(), customer_id: cart.customer_id };
  }

  private engineItems(cartId: string, manager: EntityManager): Promise<EngineLineItem[]> {
    return manager.query(ENGINE_ITEMS_SQL, [cartId]);
  }
}
