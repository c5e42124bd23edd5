import { EntityManager } from 'typeorm';
import { LineItem } from './line-item.entity';
import type { PricingRegion, PricingVariant } from './line-item-pricing';

/* The hand-written SQL of a cart's line items. */

/** A new line item's row, as insertLine writes it. */
export interface NewLineRow {
  id: string;
  title: string;
  description: string | null;
  thumbnail: string | null;
  variant_id: string;
  unit_price: number;
  quantity: number;
  allow_discounts: boolean;
  is_giftcard: boolean;
  includes_tax: boolean;
  metadata: Record<string, unknown>;
}

/** A new line's INSERT: `$1` the cart id, `$<first>` the line id, then the other columns in lineValues' order. */
function insertLineSql(first: number): string {
  const p = (k: number) => `$${first + k}`;
  return `INSERT INTO line_item (id, cart_id, order_id, title, description, thumbnail, variant_id, unit_price, quantity,
                              allow_discounts, is_giftcard, should_merge, has_shipping, includes_tax, metadata)
       VALUES (${p(0)}, $1, NULL, ${p(1)}, ${p(2)}, ${p(3)}, ${p(4)}, ${p(5)}, ${p(6)}, ${p(7)}, ${p(8)}, true, false, ${p(9)}, ${p(10)})`;
}

const INSERT_LINE = insertLineSql(2);

/** The line's columns after the cart id, as insertLineSql numbers them. */
function lineValues(line: NewLineRow): unknown[] {
  return [
    line.id,
    line.title,
    line.description,
    line.thumbnail,
    line.variant_id,
    line.unit_price,
    line.quantity,
    line.allow_discounts,
    line.is_giftcard,
    line.includes_tax,
    JSON.stringify(line.metadata),
  ];
}

/**
 * The data-modifying CTE `line_inserted` that inserts `line` into the cart `$1`, its values
 * from `$first` on: for a statement the add sends anyway (the recalculation's). Its other
 * parts do not see the new row (one snapshot), which is inserted as they would leave it:
 * without shipping and without adjustments.
 */
export function insertLineCteSql(first: number, line: NewLineRow): { sql: string; params: unknown[] } {
  return { sql: `line_inserted AS (${insertLineSql(first)})`, params: lineValues(line) };
}

/** Inserts a new line (without RETURNING: the caller never reads generated columns). */
export async function insertLine(manager: EntityManager, cartId: string, line: NewLineRow): Promise<void> {
  await manager.query(INSERT_LINE, [cartId, ...lineValues(line)]);
}

/** A merged line's new quantity and price; it loses its shipping until the methods are chosen again. */
export async function setLineQuantity(manager: EntityManager, line: { id: string; quantity: number; unitPrice: number }): Promise<void> {
  await manager.query('UPDATE line_item SET quantity = $2, unit_price = $3, has_shipping = false, updated_at = now() WHERE id = $1', [
    line.id,
    line.quantity,
    line.unitPrice,
  ]);
}

/** What adding a line reads (lineContext). */
export interface LineContext {
  region: PricingRegion | null;
  variant: LineVariant | null;
  lines: Array<{ id: string; quantity: number; metadata: Record<string, unknown> | null }>;
  in_sales_channel: boolean;
  /** How many lines the cart holds (any variant). */
  line_count: number;
}

interface LineVariant extends PricingVariant {
  product_id: string;
  product: { title: string; thumbnail: string | null; discountable: boolean; is_giftcard: boolean; status: string };
}

/**
 * Everything adding a line reads, in ONE query: the cart's region (pricing fields), the
 * live variant with its live product and live prices, the lines it could merge into
 * (same variant, should_merge, not yet ordered; oldest first), whether its product
 * is sold in the cart's sales channel and how many lines the cart holds. Soft-deleted rows count as absent, as the entity
 * loaders treat them.
 */
export async function lineContext(
  manager: EntityManager,
  cart: { id: string; regionId: string; salesChannelId: string | null },
  variantId: string,
): Promise<LineContext> {
  const [row]: LineContext[] = await manager.query(
    `SELECT
    (SELECT json_build_object('id', r.id, 'currency_code', r.currency_code, 'includes_tax', r.includes_tax,
                              'currency', json_build_object('includes_tax', coalesce(cur.includes_tax, false)))
       FROM region r LEFT JOIN currency cur ON cur.code = r.currency_code
      WHERE r.id = $3 AND r.deleted_at IS NULL) AS region,
    (SELECT json_build_object(
              'id', v.id, 'title', v.title, 'product_id', v.product_id, 'manage_inventory', v.manage_inventory,
              'allow_backorder', v.allow_backorder, 'inventory_quantity', v.inventory_quantity,
              'product', json_build_object('title', p.title, 'thumbnail', p.thumbnail, 'discountable', p.discountable, 'is_giftcard', p.is_giftcard, 'status', p.status),
              'prices', (SELECT coalesce(json_agg(json_build_object(
                                  'amount', ma.amount, 'currency_code', ma.currency_code, 'region_id', ma.region_id,
                                  'min_quantity', ma.min_quantity, 'max_quantity', ma.max_quantity, 'price_list_id', ma.price_list_id) ORDER BY ma.id), '[]'::json)
                           FROM money_amount ma WHERE ma.variant_id = v.id AND ma.deleted_at IS NULL))
       FROM product_variant v JOIN product p ON p.id = v.product_id AND p.deleted_at IS NULL
      WHERE v.id = $2 AND v.deleted_at IS NULL) AS variant,
    (SELECT coalesce(json_agg(json_build_object('id', li.id, 'quantity', li.quantity, 'metadata', li.metadata) ORDER BY li.created_at, li.id), '[]'::json)
       FROM line_item li
      WHERE li.cart_id = $1 AND li.variant_id = $2 AND li.should_merge AND li.order_id IS NULL) AS lines,
    ($4::varchar IS NULL OR EXISTS (
       SELECT 1 FROM product_variant v JOIN product_sales_channel psc ON psc.product_id = v.product_id
        WHERE v.id = $2 AND psc.sales_channel_id = $4)) AS in_sales_channel,
    (SELECT count(*)::int FROM line_item li WHERE li.cart_id = $1) AS line_count`,
    [cart.id, variantId, cart.regionId, cart.salesChannelId],
  );
  return row;
}

/** The cart's lines that have a variant (what a region change re-prices). */
export function variantLinesOfCart(manager: EntityManager, cartId: string): Promise<Array<{ id: string; variant_id: string; quantity: number }>> {
  return manager.query('SELECT id, variant_id, quantity FROM line_item WHERE cart_id = $1 AND variant_id IS NOT NULL', [cartId]);
}

/** Deletes lines by id. */
export async function deleteLines(manager: EntityManager, lineIds: readonly string[]): Promise<void> {
  if (lineIds.length > 0) await manager.query('DELETE FROM line_item WHERE id = ANY($1::varchar[])', [lineIds]);
}

/** New unit prices for lines (a region change), in one statement; the lines lose their shipping. */
export async function repriceLines(manager: EntityManager, prices: ReadonlyArray<{ id: string; price: number }>, includesTax: boolean): Promise<void> {
  if (prices.length === 0) return;
  await manager.query(
    `UPDATE line_item li SET unit_price = x.price, has_shipping = false, includes_tax = $3, updated_at = now()
       FROM unnest($1::varchar[], $2::int[]) AS x(id, price) WHERE li.id = x.id`,
    [prices.map((r) => r.id), prices.map((r) => r.price), includesTax],
  );
}

/** Deletes the open cart's lines whose product is not sold in the sales channel. */
export async function deleteLinesOutsideSalesChannel(manager: EntityManager, cartId: string, salesChannelId: string): Promise<void> {
  await manager.query(
    `DELETE FROM line_item li USING product_variant pv
      WHERE li.cart_id = $1 AND li.order_id IS NULL AND pv.id = li.variant_id
        AND NOT EXISTS (SELECT 1 FROM product_sales_channel psc WHERE psc.product_id = pv.product_id AND psc.sales_channel_id = $2)`,
    [cartId, salesChannelId],
  );
}

/** Inserts a line without a variant (LineItemsService.addCustom); returns its id. */
export async function insertCustomLine(
  manager: EntityManager,
  cartId: string,
  line: { title: string; unit_price: number; quantity: number; metadata: Record<string, unknown> },
): Promise<string> {
  const repo = manager.getRepository(LineItem);
  const row = repo.create({
    cart_id: cartId,
    order_id: null,
    title: line.title,
    description: null,
    thumbnail: null,
    variant_id: null,
    unit_price: line.unit_price,
    quantity: line.quantity,
    allow_discounts: false,
    has_shipping: true,
    should_merge: false,
    is_giftcard: false,
    includes_tax: false,
    metadata: line.metadata,
  });
  await repo.save(row);
  return row.id;
}
