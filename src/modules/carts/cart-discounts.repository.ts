import { EntityManager } from 'typeorm';
import { generateEntityId } from '../../common/database/ids';
import type { EngineLineItem } from '../discounts/engine';
import { LineItemAdjustment } from './line-item-adjustment.entity';

/* A cart's discount links and the adjustments its discount makes. */

/**
 * Makes the cart's discount links exactly `discountIds`, in one statement: links outside
 * the set go, missing ones come. The DELETE never touches a row the INSERT skips as
 * present, so the two parts cannot interfere.
 */
export async function replaceCartDiscounts(manager: EntityManager, cartId: string, discountIds: readonly string[]): Promise<void> {
  await manager.query(
    `WITH unlinked AS (DELETE FROM cart_discounts WHERE cart_id = $1 AND discount_id <> ALL($2::varchar[]))
     INSERT INTO cart_discounts (cart_id, discount_id)
     SELECT $1, id FROM unnest($2::varchar[]) AS id
      WHERE NOT EXISTS (SELECT 1 FROM cart_discounts WHERE cart_id = $1 AND discount_id = id)
     ON CONFLICT DO NOTHING`,
    [cartId, discountIds],
  );
}

/** Unlinks the discount with this (normalized) code from the cart. */
export async function unlinkCartDiscountByCode(manager: EntityManager, cartId: string, code: string): Promise<void> {
  await manager.query('DELETE FROM cart_discounts cd USING discount d WHERE cd.cart_id = $1 AND d.id = cd.discount_id AND d.code = $2', [cartId, code]);
}

/** Unlinks these discounts from the cart. */
export async function unlinkCartDiscounts(manager: EntityManager, cartId: string, discountIds: readonly string[]): Promise<void> {
  if (discountIds.length > 0) await manager.query('DELETE FROM cart_discounts WHERE cart_id = $1 AND discount_id = ANY($2::varchar[])', [cartId, discountIds]);
}

/**
 * The cart's lines as the discount engine sees them, with their product's type, collection
 * and live tags, in one query. A soft-deleted variant or product counts as no product.
 */
export function engineLineItems(manager: EntityManager, cartId: string): Promise<EngineLineItem[]> {
  return manager.query(
    `SELECT li.id, li.unit_price, li.quantity, li.allow_discounts, li.is_giftcard,
            p.id AS product_id, p.type_id AS product_type_id, p.collection_id AS product_collection_id,
            CASE WHEN p.id IS NULL THEN '[]'::json ELSE
              (SELECT coalesce(json_agg(pt.product_tag_id ORDER BY pt.product_tag_id), '[]'::json)
                 FROM product_tags pt JOIN product_tag t ON t.id = pt.product_tag_id AND t.deleted_at IS NULL
                WHERE pt.product_id = p.id) END AS product_tag_ids
       FROM line_item li
       LEFT JOIN product_variant v ON v.id = li.variant_id AND v.deleted_at IS NULL
       LEFT JOIN product p ON p.id = v.product_id AND p.deleted_at IS NULL
      WHERE li.cart_id = $1
      ORDER BY li.created_at, li.id`,
    [cartId],
  );
}

/** Inserts one discount adjustment per allocation, in one statement. */
export async function insertDiscountAdjustments(
  manager: EntityManager,
  discountId: string,
  allocations: ReadonlyArray<{ item_id: string; amount: number }>,
): Promise<void> {
  if (allocations.length === 0) return;
  await manager.query(
    `INSERT INTO line_item_adjustment (id, item_id, discount_id, description, amount, metadata)
     SELECT id, item_id, $3, 'discount', amount, NULL FROM unnest($1::varchar[], $2::varchar[], $4::numeric[]) AS a(id, item_id, amount)`,
    [allocations.map(() => generateEntityId(LineItemAdjustment.idPrefix)), allocations.map((a) => a.item_id), discountId, allocations.map((a) => a.amount)],
  );
}
