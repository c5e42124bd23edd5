import { DataSource, EntityManager, QueryDeepPartialEntity } from 'typeorm';
import { generateEntityId } from '../../common/database/ids';
import { JsonTreeExpression, jsonTreeExpression } from '../../common/database/json-tree-loader';
import { ApiError } from '../../common/errors/api-error';
import { Address } from '../customers/address.entity';
import type { EngineLineItem } from '../discounts/engine';
import { REGION_TREE_VERSION } from '../regions/region-tree-cache';
import { ShippingMethodTaxLine } from '../shipping/shipping-method.entities';
import { Cart } from './cart.entity';
import { NEW_CART_RELATIONS } from './cart-loader.service';
import { LineItemAdjustment } from './line-item-adjustment.entity';
import { LineItem } from './line-item.entity';
import { LineItemTaxLine } from './line-item-tax-line.entity';
import type { PricingRegion, PricingVariant } from './line-item-pricing';

/*
 * The hand-written SQL of the cart aggregate: the cart row and the rows that exist only for
 * it (its line items with their adjustments and tax lines, its shipping methods with their
 * tax lines, its discount and gift-card links, its address rows). Rows of other modules
 * (payment sessions, stock, discount usage, gift card balances, orders) are written by
 * their own modules; statements here only read them.
 */

/* ------------------------------------------------------------------ the cart row */

/** An open cart's row as the lock statement answers it, with the region trees' version read by the same statement. */
export type LockedCartRow = Cart & { region_tree_version: string };

/**
 * Locks an open cart by writing its row (`updated_at`), which also gives the row the new
 * version (xmin) the cart response cache compares. Undefined for a completed, deleted or
 * missing cart (nothing written). A SELECT-shaped statement, so the driver answers rows.
 */
export async function lockOpenCart(manager: EntityManager, cartId: string): Promise<LockedCartRow | undefined> {
  const [row]: LockedCartRow[] = await manager.query(
    `WITH locked AS (
       UPDATE cart SET updated_at = now() WHERE id = $1 AND completed_at IS NULL AND deleted_at IS NULL RETURNING *
     ) SELECT locked.*, ${REGION_TREE_VERSION.sql} AS region_tree_version FROM locked`,
    [cartId],
  );
  return row;
}

/** What a new cart is inserted with. */
export interface NewCart {
  /** id, customer, email, type, context, metadata; sales_channel_id (null: the store's default). */
  cart: Cart;
  /** null: the first live region. */
  regionId: string | null;
  /** Lower-case iso_2 asked for the shipping address, or null. */
  countryCode: string | null;
}

/**
 * Inserts a new cart in one statement (no transaction needed for a cart without items),
 * which also checks what the cart is created against, so nothing is read beforehand, and
 * reads the new cart back with NEW_CART_RELATIONS but the region's (the caller takes the
 * region tree from RegionTreeCache, under the trees' version this statement reads):
 * - the live region `regionId`, or the first live region (none: 404, or 400 when none
 *   was named);
 * - the shipping country: `countryCode` must be one of the region's countries (400),
 *   and without one the region's only country is taken; its address row is inserted by
 *   the same statement (a data-modifying CTE; the foreign key is checked at its end);
 * - `sales_channel_id` null takes the store's default channel (none is a broken installation).
 * The rows this statement inserts are invisible to its own sub-selects, so the cart and
 * its address are read from the CTEs' RETURNING; the region and channel from their tables
 * (which is why no CTE is named after a table: it would shadow it).
 */
export async function insertCart(manager: EntityManager, newCart: NewCart): Promise<{ inserted: Cart; regionTreeVersion: string }> {
  const { cart } = newCart;
  const statement = insertCartStatement(manager);
  const [outcome]: Array<{ region_id: string | null; country_ok: boolean; cart: unknown; shipping_address: unknown; region_tree_version: string }> =
    await manager.query(statement.sql, [
      cart.id,
      cart.email,
      newCart.regionId,
      cart.customer_id,
      cart.type,
      JSON.stringify(cart.context),
      cart.sales_channel_id,
      generateEntityId(Address.idPrefix),
      newCart.countryCode,
    ]);
  if (!outcome.region_id) {
    if (newCart.regionId === null) throw ApiError.invalid('A region is required to create a cart');
    throw ApiError.notFound(`Region with id: ${newCart.regionId} was not found`);
  }
  if (!outcome.country_ok) throw ApiError.notAllowed('Shipping country not in region');
  const inserted = statement.cart.hydrate(outcome.cart);
  if (!inserted) throw new Error("The store's default sales channel is missing: run the migrations");
  inserted.shipping_address = statement.address.hydrate(outcome.shipping_address);
  return { inserted, regionTreeVersion: outcome.region_tree_version };
}

interface InsertCartStatement {
  sql: string;
  cart: JsonTreeExpression<Cart>;
  address: JsonTreeExpression<Address>;
}

/** Built once per DataSource: the JSON expressions hydrate with that DataSource's metadata. */
const insertStatements = new WeakMap<DataSource, InsertCartStatement>();

/** $1 cart id, $2 email, $3 region id (null: the first), $4 customer id, $5 type, $6 context, $7 sales channel id (null: the default), $8 address id, $9 country. */
function insertCartStatement(manager: EntityManager): InsertCartStatement {
  const built = insertStatements.get(manager.connection);
  if (built) return built;
  const cart = jsonTreeExpression(
    manager,
    Cart,
    // The region tree comes from RegionTreeCache, under the version this statement reads.
    NEW_CART_RELATIONS.filter((path) => !path.startsWith('shipping_address') && !path.startsWith('region')),
    { from: 'inserted', alias: 'new_cart' },
  );
  const address = jsonTreeExpression(manager, Address, [], { from: 'new_address', alias: 'new_address_row' });
  const sql = `WITH cart_region AS (
       SELECT r.id, coalesce((SELECT array_agg(c.iso_2) FROM country c WHERE c.region_id = r.id), '{}') AS countries
         FROM region r
        WHERE r.deleted_at IS NULL
          AND r.id = coalesce($3::varchar, (SELECT id FROM region WHERE deleted_at IS NULL ORDER BY created_at ASC, id ASC LIMIT 1))),
     shipping AS (
       SELECT cart_region.id AS region_id,
              ($9::varchar IS NULL OR $9 = ANY(cart_region.countries)) AS country_ok,
              CASE WHEN $9::varchar IS NOT NULL THEN $9
                   WHEN cardinality(cart_region.countries) = 1 THEN cart_region.countries[1] END AS country
         FROM cart_region),
     channel AS (
       SELECT coalesce($7::varchar, (
         SELECT sc.id FROM store s JOIN sales_channel sc ON sc.id = s.default_sales_channel_id AND sc.deleted_at IS NULL
          ORDER BY s.created_at ASC LIMIT 1)) AS id),
     new_address AS (
       INSERT INTO address (id, customer_id, country_code)
       SELECT $8, NULL, shipping.country FROM shipping, channel WHERE shipping.country_ok AND shipping.country IS NOT NULL AND channel.id IS NOT NULL
       RETURNING *),
     inserted AS (
       INSERT INTO cart (id, email, region_id, customer_id, type, context, sales_channel_id, shipping_address_id, metadata)
       SELECT $1, $2, shipping.region_id, $4, $5, $6, channel.id, CASE WHEN shipping.country IS NOT NULL THEN $8 END, NULL
         FROM shipping, channel WHERE shipping.country_ok AND channel.id IS NOT NULL
       RETURNING *)
     SELECT (SELECT region_id FROM shipping) AS region_id, (SELECT country_ok FROM shipping) AS country_ok,
            ${cart.sql} AS cart, ${address.sql} AS shipping_address, ${REGION_TREE_VERSION.sql} AS region_tree_version`;
  const statement = { sql, cart, address };
  insertStatements.set(manager.connection, statement);
  return statement;
}

/** The address columns a cart address may set. */
export const CART_ADDRESS_FIELDS = [
  'first_name',
  'last_name',
  'phone',
  'company',
  'address_1',
  'address_2',
  'city',
  'country_code',
  'province',
  'postal_code',
  'metadata',
] as const;

/** Inserts a new address row for the cart and links it as `column`, in one statement (the foreign key is checked at its end). */
export async function insertCartAddress(
  manager: EntityManager,
  input: { cartId: string; addressId: string; column: 'shipping_address_id' | 'billing_address_id'; fields: Partial<Address> },
): Promise<void> {
  const { fields } = input;
  const columns = CART_ADDRESS_FIELDS.filter((f) => fields[f] !== undefined);
  const values = columns.map((f) => (f === 'metadata' && fields.metadata !== null ? JSON.stringify(fields.metadata) : fields[f]));
  const placeholders = columns.map((_, i) => `$${i + 3}`);
  await manager.query(
    `WITH address AS (INSERT INTO address (id, customer_id${columns.map((c) => `, ${c}`).join('')}) VALUES ($1, NULL${placeholders.map((p) => `, ${p}`).join('')}))
     UPDATE cart SET ${input.column} = $1, updated_at = now() WHERE id = $2`,
    [input.addressId, input.cartId, ...values],
  );
}

/* ------------------------------------------------------------------ recalculation after a cart change */

/** What dropDerivedRowsAfterCartChange answers about the cart. */
export interface CartChangeState {
  /** The cart has a live discount other than free shipping (the kind that makes adjustments). */
  has_regular_discount: boolean;
  has_sessions: boolean;
  /** A cart whose region is gone cannot be totalled. */
  region_live: boolean;
}

/** A new line item's row, as insertLine and dropDerivedRowsAfterCartChange write it. */
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

/** $1 cart id, $2 line id, then $3.. the other columns (lineValues). */
const INSERT_LINE = `INSERT INTO line_item (id, cart_id, order_id, title, description, thumbnail, variant_id, unit_price, quantity,
                              allow_discounts, is_giftcard, should_merge, has_shipping, includes_tax, metadata)
       VALUES ($2, $1, NULL, $3, $4, $5, $6, $7, $8, $9, $10, true, false, $11, $12)`;

function lineValues(cartId: string, line: NewLineRow): unknown[] {
  return [
    cartId,
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

/** The cart's (`$1`) shipping methods dropped and its lines marked unshipped (lines already without shipping are not rewritten). */
const DROP_SHIPPING_METHODS = `
  dropped_shipping_methods AS (DELETE FROM shipping_method WHERE cart_id = $1 AND order_id IS NULL),
  cleared_has_shipping AS (UPDATE line_item SET has_shipping = false WHERE cart_id = $1 AND order_id IS NULL AND has_shipping IS DISTINCT FROM false)`;

/** The cart's (`$1`) discount adjustments dropped (custom adjustments without a discount are kept). */
const DROP_DISCOUNT_ADJUSTMENTS = `
  dropped_adjustments AS (
    DELETE FROM line_item_adjustment a USING line_item li
     WHERE li.cart_id = $1 AND a.item_id = li.id AND a.discount_id IS NOT NULL)`;

const HAS_PAYMENT_SESSIONS = 'EXISTS (SELECT 1 FROM payment_session WHERE cart_id = $1)';

const CART_CHANGE_STATE = `
  EXISTS (
    SELECT 1 FROM cart_discounts cd
      JOIN discount d ON d.id = cd.discount_id AND d.deleted_at IS NULL
      JOIN discount_rule r ON r.id = d.rule_id AND r.deleted_at IS NULL
     WHERE cd.cart_id = $1 AND r.type <> 'free_shipping') AS has_regular_discount,
  ${HAS_PAYMENT_SESSIONS} AS has_sessions,
  EXISTS (SELECT 1 FROM cart c JOIN region r ON r.id = c.region_id AND r.deleted_at IS NULL WHERE c.id = $1) AS region_live`;

/**
 * The fixed part of the recalculation after a cart change (CartRecalculationService), in
 * ONE statement: the discount adjustments dropped (they are rebuilt from the cart's
 * discount), the shipping methods dropped when items changed (their requirements depend
 * on the items, as in Medusa v1), and what decides the rest (CartChangeState). `insertLine`: a new line inserted by the same statement. It sees
 * none of the rows the other parts delete or update (every part of a statement reads the
 * same snapshot, and a new line has no shipping and no adjustments yet), so an added line
 * costs one round trip, not two.
 */
export async function dropDerivedRowsAfterCartChange(
  manager: EntityManager,
  change: { cartId: string; itemsChanged: boolean; insertLine?: NewLineRow },
): Promise<CartChangeState> {
  const steps = [
    ...(change.insertLine ? [`written AS (${INSERT_LINE})`] : []),
    ...(change.itemsChanged || change.insertLine ? [DROP_SHIPPING_METHODS] : []),
    DROP_DISCOUNT_ADJUSTMENTS,
  ];
  const params = change.insertLine ? lineValues(change.cartId, change.insertLine) : [change.cartId];
  const [state]: CartChangeState[] = await manager.query(`WITH ${steps.join(',')} SELECT ${CART_CHANGE_STATE}`, params);
  return state;
}

/** Whether the cart has any payment session (the common "nothing to refresh" case in one plain query). */
export async function cartHasPaymentSessions(manager: EntityManager, cartId: string): Promise<boolean> {
  const [row]: Array<{ has_sessions: boolean }> = await manager.query(`SELECT ${HAS_PAYMENT_SESSIONS} AS has_sessions`, [cartId]);
  return row.has_sessions;
}

/* ------------------------------------------------------------------ line items */

/** Inserts a new line (without RETURNING: the caller never reads generated columns). */
export async function insertLine(manager: EntityManager, cartId: string, line: NewLineRow): Promise<void> {
  await manager.query(INSERT_LINE, lineValues(cartId, line));
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

export interface LineVariant extends PricingVariant {
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

/* ------------------------------------------------------------------ shipping methods */

/**
 * Adds a shipping method of `option` to the cart in one statement: the method of the same
 * profile goes, the new one comes, and `has_shipping` is recomputed. Every part works on
 * the statement's snapshot (the old methods), so the UPDATE states the result explicitly:
 * an item has shipping when its product's profile is the new method's, or when a method of
 * another profile (one the DELETE keeps) covers it, exactly what a re-read after the change
 * would find. The price is the cart's custom shipping option's for this option (a draft
 * order's) or `price`; a cart with custom options takes no other option (`allowed` false,
 * nothing written). Also answers whether the cart has payment sessions (they must follow
 * the new total).
 */
export async function replaceShippingMethodOfProfile(
  manager: EntityManager,
  input: { cartId: string; methodId: string; optionId: string; profileId: string; price: number; data: Record<string, unknown> },
): Promise<{ allowed: boolean; has_sessions: boolean }> {
  const [state]: Array<{ has_sessions: boolean; allowed: boolean }> = await manager.query(
    `WITH custom AS (
       SELECT count(*) = 0 OR bool_or(shipping_option_id = $4) AS allowed, min(price) FILTER (WHERE shipping_option_id = $4) AS price
         FROM custom_shipping_option WHERE cart_id = $1 AND deleted_at IS NULL),
     replaced AS (
       DELETE FROM shipping_method sm USING shipping_option so, custom
        WHERE custom.allowed AND sm.cart_id = $1 AND sm.order_id IS NULL AND so.id = sm.shipping_option_id AND so.profile_id = $2),
     added AS (
       INSERT INTO shipping_method (id, shipping_option_id, cart_id, order_id, price, data, includes_tax)
       SELECT $3, $4, $1, NULL, coalesce(custom.price, $5), $6, false FROM custom WHERE custom.allowed),
     covered AS (
     UPDATE line_item li SET has_shipping = EXISTS (
       SELECT 1 FROM product_variant pv JOIN product p ON p.id = pv.product_id
        WHERE pv.id = li.variant_id
          AND (p.profile_id = $2 OR EXISTS (
                SELECT 1 FROM shipping_method sm JOIN shipping_option so ON so.id = sm.shipping_option_id
                 WHERE sm.cart_id = li.cart_id AND so.profile_id = p.profile_id AND so.profile_id <> $2)))
      WHERE li.cart_id = $1 AND (SELECT allowed FROM custom))
     SELECT ${HAS_PAYMENT_SESSIONS} AS has_sessions, (SELECT allowed FROM custom) AS allowed`,
    [input.cartId, input.profileId, input.methodId, input.optionId, input.price, JSON.stringify(input.data)],
  );
  return state;
}

/** Removes every shipping method of an open cart and clears `has_shipping` on its items. */
export async function deleteShippingMethods(manager: EntityManager, cartId: string): Promise<void> {
  await manager.query(`WITH ${DROP_SHIPPING_METHODS} SELECT 1`, [cartId]);
}

/* ------------------------------------------------------------------ discounts and gift cards on the cart */

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

/** Links these gift cards to the cart. */
export async function linkCartGiftCards(manager: EntityManager, cartId: string, giftCardIds: readonly string[]): Promise<void> {
  for (const id of giftCardIds) await manager.query('INSERT INTO cart_gift_cards (cart_id, gift_card_id) VALUES ($1, $2)', [cartId, id]);
}

/** Unlinks every gift card from the cart. */
export async function unlinkCartGiftCards(manager: EntityManager, cartId: string): Promise<void> {
  await manager.query('DELETE FROM cart_gift_cards WHERE cart_id = $1', [cartId]);
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

/** The customer's group ids (what the engine's customer-group conditions test). */
export async function customerGroupIds(manager: EntityManager, customerId: string): Promise<string[]> {
  const rows: Array<{ customer_group_id: string }> = await manager.query('SELECT customer_group_id FROM customer_group_customers WHERE customer_id = $1', [
    customerId,
  ]);
  return rows.map((r) => r.customer_group_id);
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

/* ------------------------------------------------------------------ completion */

/** A tax line to store for a line item or a shipping method (`owner`). */
export interface TaxLineToStore {
  owner: string;
  rate: number;
  name: string;
  code: string | null;
}

/**
 * Replaces the tax lines of these line items and shipping methods: the old ones deleted
 * (only for owners in `clear*`), the new ones inserted by one statement.
 */
export async function replaceTaxLines(
  manager: EntityManager,
  input: { clearItemIds: readonly string[]; clearMethodIds: readonly string[]; items: readonly TaxLineToStore[]; methods: readonly TaxLineToStore[] },
): Promise<void> {
  if (input.clearItemIds.length) await manager.query('DELETE FROM line_item_tax_line WHERE item_id = ANY($1::varchar[])', [input.clearItemIds]);
  if (input.clearMethodIds.length) {
    await manager.query('DELETE FROM shipping_method_tax_line WHERE shipping_method_id = ANY($1::varchar[])', [input.clearMethodIds]);
  }
  if (input.items.length === 0 && input.methods.length === 0) return;
  // Both kinds in one statement (distinct tables, so the two inserts cannot interfere).
  await manager.query(
    `WITH item_lines AS (
       INSERT INTO line_item_tax_line (id, item_id, rate, name, code, metadata)
       SELECT id, owner, rate, name, code, NULL FROM unnest($1::varchar[], $2::varchar[], $3::real[], $4::varchar[], $5::varchar[]) AS t(id, owner, rate, name, code))
     INSERT INTO shipping_method_tax_line (id, shipping_method_id, rate, name, code, metadata)
     SELECT id, owner, rate, name, code, NULL FROM unnest($6::varchar[], $7::varchar[], $8::real[], $9::varchar[], $10::varchar[]) AS t(id, owner, rate, name, code)`,
    [...taxLineColumns(input.items, LineItemTaxLine.idPrefix), ...taxLineColumns(input.methods, ShippingMethodTaxLine.idPrefix)],
  );
}

/** The rows as the five parallel arrays the unnest() of replaceTaxLines takes, each row with a fresh id. */
function taxLineColumns(rows: readonly TaxLineToStore[], idPrefix: string): unknown[] {
  return [rows.map(() => generateEntityId(idPrefix)), rows.map((r) => r.owner), rows.map((r) => r.rate), rows.map((r) => r.name), rows.map((r) => r.code)];
}

/**
 * Moves the cart's lines and shipping methods to the order and closes the cart with
 * `closing`, in one statement: the last write of a completion.
 */
export async function closeCartIntoOrder(
  manager: EntityManager,
  input: {
    cartId: string;
    orderId: string;
    completedAt: Date;
    paymentAuthorizedAt: Date;
    paymentId: string | null;
    idempotencyKey: string;
    email: string;
  },
): Promise<void> {
  await manager.query(
    `WITH items AS (UPDATE line_item SET order_id = $2 WHERE cart_id = $1),
          methods AS (UPDATE shipping_method SET order_id = $2 WHERE cart_id = $1)
     UPDATE cart SET completed_at = $3, payment_authorized_at = $4, payment_id = $5, idempotency_key = $6, email = $7, updated_at = now()
      WHERE id = $1`,
    [input.cartId, input.orderId, input.completedAt, input.paymentAuthorizedAt, input.paymentId, input.idempotencyKey, input.email],
  );
}

/** Makes a new cart a draft order's cart (Medusa v1 keeps the draft's metadata on it). */
export async function markCartAsDraftOrder(manager: EntityManager, cartId: string, metadata: Record<string, unknown>): Promise<void> {
  await manager.getRepository(Cart).update(cartId, { type: 'draft_order', metadata } as QueryDeepPartialEntity<Cart>);
}

/** Soft-deletes a cart (a draft order's cart when the draft goes). */
export async function softDeleteCart(manager: EntityManager, cartId: string): Promise<void> {
  await manager.getRepository(Cart).softDelete(cartId);
}

/** An admin's own title and price on a line of a draft order's cart. */
export async function setLineTitleAndPrice(manager: EntityManager, lineId: string, changes: { title?: string; unit_price?: number }): Promise<void> {
  if (changes.title === undefined && changes.unit_price === undefined) return;
  await manager.getRepository(LineItem).update(lineId, {
    ...(changes.title !== undefined && { title: changes.title }),
    ...(changes.unit_price !== undefined && { unit_price: changes.unit_price }),
  });
}

/** A line without a variant, as draft orders add them: never discounted, always shippable, never merged (Medusa v1). */
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
