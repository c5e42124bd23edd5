import { DataSource, EntityManager } from 'typeorm';
import { generateEntityId } from '../../common/database/ids';
import { JsonTreeExpression, jsonTreeExpression } from '../../common/database/json-tree-loader';
import { ApiError } from '../../common/errors/api-error';
import { Address } from '../customers/address.entity';
import { eventAlwaysWritten, eventFromRowSql, newEventId } from '../events/outbox';
import { REGION_TREE_VERSION } from '../regions/region-tree-cache';
import { Cart } from './cart.entity';
import { NEW_CART_RELATIONS } from './cart-relations';

/*
 * The cart row and the cart's own address rows. Lines, shipping methods, discount and
 * gift-card links, and completion have their own repository files next to this one; rows
 * of other modules are written by their own modules.
 */

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
  id: string;
  type: 'default' | 'draft_order';
  /** null: the first live region. */
  regionId: string | null;
  /** null: the store's default sales channel. */
  salesChannelId: string | null;
  customerId: string | null;
  email: string | null;
  context: Record<string, unknown>;
  metadata: Record<string, unknown> | null;
  /** Lower-case iso_2 asked for the shipping address, or null. */
  countryCode: string | null;
}

/** The insert statement's parameters, by name: its SQL names each one through `param`. */
const INSERT_CART_PARAMS = [
  'cart_id',
  'email',
  'region_id',
  'customer_id',
  'type',
  'context',
  'sales_channel_id',
  'address_id',
  'country_code',
  'metadata',
  'created_event_id',
  'created_event_always',
] as const;
type InsertCartParam = (typeof INSERT_CART_PARAMS)[number];
const param = (name: InsertCartParam) => `$${INSERT_CART_PARAMS.indexOf(name) + 1}`;

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
 * - `salesChannelId` null takes the store's default channel (none is a broken installation).
 * - Medusa's `cart.created` `{ id }` is written to the outbox by the same statement, so it
 *   exists iff the cart does (with items, it commits with them).
 * The rows this statement inserts are invisible to its own sub-selects, so the cart and
 * its address are read from the CTEs' RETURNING; the region and channel from their tables
 * (which is why no CTE is named after a table: it would shadow it).
 */
export async function insertCart(manager: EntityManager, newCart: NewCart): Promise<{ cart: Cart; regionTreeVersion: string }> {
  const statement = insertCartStatement(manager);
  const values: Record<InsertCartParam, unknown> = {
    cart_id: newCart.id,
    email: newCart.email,
    region_id: newCart.regionId,
    customer_id: newCart.customerId,
    type: newCart.type,
    context: JSON.stringify(newCart.context),
    sales_channel_id: newCart.salesChannelId,
    address_id: generateEntityId(Address.idPrefix),
    country_code: newCart.countryCode,
    metadata: newCart.metadata === null ? null : JSON.stringify(newCart.metadata),
    created_event_id: newEventId(),
    created_event_always: eventAlwaysWritten('cart.created'),
  };
  const [outcome]: Array<{ region_id: string | null; country_ok: boolean; cart: unknown; shipping_address: unknown; region_tree_version: string }> =
    await manager.query(
      statement.sql,
      INSERT_CART_PARAMS.map((name) => values[name]),
    );
  if (!outcome.region_id) {
    if (newCart.regionId === null) throw ApiError.invalid('A region is required to create a cart');
    throw ApiError.notFound(`Region with ${newCart.regionId} was not found`);
  }
  if (!outcome.country_ok) throw ApiError.notAllowed('Shipping country not in region');
  const cart = statement.cart.hydrate(outcome.cart);
  if (!cart) throw new Error("The store's default sales channel is missing: run the migrations");
  cart.shipping_address = statement.address.hydrate(outcome.shipping_address);
  return { cart, regionTreeVersion: outcome.region_tree_version };
}

interface InsertCartStatement {
  sql: string;
  cart: JsonTreeExpression<Cart>;
  address: JsonTreeExpression<Address>;
}

/** Built once per DataSource: the JSON expressions hydrate with that DataSource's metadata. */
const insertStatements = new WeakMap<DataSource, InsertCartStatement>();

/** The statement of insertCart, its parameters named by INSERT_CART_PARAMS. */
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
          AND r.id = coalesce(${param('region_id')}::varchar, (SELECT id FROM region WHERE deleted_at IS NULL ORDER BY created_at ASC, id ASC LIMIT 1))),
     shipping AS (
       SELECT cart_region.id AS region_id,
              (${param('country_code')}::varchar IS NULL OR ${param('country_code')} = ANY(cart_region.countries)) AS country_ok,
              CASE WHEN ${param('country_code')}::varchar IS NOT NULL THEN ${param('country_code')}
                   WHEN cardinality(cart_region.countries) = 1 THEN cart_region.countries[1] END AS country
         FROM cart_region),
     channel AS (
       SELECT coalesce(${param('sales_channel_id')}::varchar, (
         SELECT sc.id FROM store s JOIN sales_channel sc ON sc.id = s.default_sales_channel_id AND sc.deleted_at IS NULL
          ORDER BY s.created_at ASC LIMIT 1)) AS id),
     new_address AS (
       INSERT INTO address (id, customer_id, country_code)
       SELECT ${param('address_id')}, NULL, shipping.country FROM shipping, channel WHERE shipping.country_ok AND shipping.country IS NOT NULL AND channel.id IS NOT NULL
       RETURNING *),
     inserted AS (
       INSERT INTO cart (id, email, region_id, customer_id, type, context, sales_channel_id, shipping_address_id, metadata)
       SELECT ${param('cart_id')}, ${param('email')}, shipping.region_id, ${param('customer_id')}, ${param('type')}, ${param('context')}, channel.id, CASE WHEN shipping.country IS NOT NULL THEN ${param('address_id')} END, ${param('metadata')}
         FROM shipping, channel WHERE shipping.country_ok AND channel.id IS NOT NULL
       RETURNING *),
     created_event AS (${eventFromRowSql('cart.created', 'inserted', param('created_event_id'), param('created_event_always'))})
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

/** Soft-deletes a cart (a draft order's cart when the draft goes). */
export async function softDeleteCart(manager: EntityManager, cartId: string): Promise<void> {
  await manager.getRepository(Cart).softDelete(cartId);
}
