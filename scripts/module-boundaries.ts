/**
 * The module boundaries that `npm run lint:boundaries` (scripts/check-boundaries.ts) enforces:
 * who owns which tables beyond the entities in its folder, and which of another module's SQL
 * a module may use. The rules are this code, not prose: docs/architecture.md ("Where SQL
 * lives, and who writes which tables") explains them and is checked against this file (it
 * must name every entry below, and its table may not give a module a table it does not own
 * here), but nothing written there grants anything.
 *
 * The default, which needs no entry: a module owns the tables of the entities in its folder
 * (and the join tables they declare with `@JoinTable`); another module writes them only
 * through the owner's services, or through one of the owner's repository functions listed
 * in CROSS_MODULE_SQL. Adding an entry here is a design decision: say why in `why`.
 */

/** A folder under src/modules/, or `common` (src/common/). */
export type ModuleName =
  | 'common'
  | 'apps'
  | 'auth'
  | 'batch-jobs'
  | 'carts'
  | 'catalogue-cache'
  | 'collections'
  | 'currencies'
  | 'customer-groups'
  | 'customers'
  | 'discounts'
  | 'draft-orders'
  | 'events'
  | 'files'
  | 'fulfillments'
  | 'gift-cards'
  | 'health'
  | 'invites'
  | 'mail'
  | 'medusa-import'
  | 'notes'
  | 'orders'
  | 'payments'
  | 'product-categories'
  | 'price-lists'
  | 'products'
  | 'publishable-api-keys'
  | 'queue'
  | 'regions'
  | 'sales-channels'
  | 'seed'
  | 'shipping'
  | 'store-settings'
  | 'table-changes'
  | 'taxes'
  | 'users';

interface TableGrant {
  table: string;
  /** The module that writes it besides the one declaring its entity. */
  module: ModuleName;
  why: string;
}

/** Tables a module writes although another module's folder declares their entity. */
export const SHARED_TABLES: readonly TableGrant[] = [
  { table: 'shipping_method', module: 'carts', why: "a cart's shipping methods are written under the cart lock with the cart's other rows" },
  { table: 'shipping_method_tax_line', module: 'carts', why: "the tax lines of a cart's shipping methods, recalculated with the cart" },
  { table: 'address', module: 'carts', why: "the cart's own shipping and billing address rows" },
  {
    table: 'line_item',
    module: 'fulfillments',
    why: "an order line's fulfilled and shipped quantities, moved by conditional UPDATEs under the order's row lock with the fulfilment rows",
  },
  { table: 'shipping_method', module: 'orders', why: "staff replace a placed order's shipping method (POST /admin/orders/:id/shipping-methods)" },
  { table: 'shipping_method_tax_line', module: 'orders', why: 'the tax lines of the order shipping method staff replace go with it' },
  { table: 'address', module: 'orders', why: "staff edit a placed order's shipping and billing address rows (POST /admin/orders/:id)" },
];

/** Tables without an entity, and the module that owns each. */
export const TABLES_WITHOUT_ENTITY: Readonly<Record<string, ModuleName>> = {
  session: 'auth',
  throttle_counter: 'common',
};

interface SqlGrant {
  /** An exported function or fragment of the owner module. */
  name: string;
  owner: ModuleName;
  /** The modules that may import it. */
  usedBy: readonly ModuleName[];
  why: string;
}

/**
 * Another module's SQL that a module may import: a function of the owner's `*.repository.ts`
 * (it runs in the caller's transaction), or a fragment spliced into the importer's own
 * statements so that a hot path stays one statement. Anything else of that kind fails.
 */
export const CROSS_MODULE_SQL: readonly SqlGrant[] = [
  {
    name: 'storeCategoryFilterSql',
    owner: 'product-categories',
    usedBy: ['products'],
    why: 'the category_id[] clause of the store product list, in its one statement',
  },
  {
    name: 'installPaymentProviders',
    owner: 'regions',
    usedBy: ['payments'],
    why: "a card provider's rows are written at boot when it is configured, as Medusa installs a plugin's providers",
  },
  {
    name: 'REGION_TREE_VERSION',
    owner: 'regions',
    usedBy: ['carts'],
    why: "the region trees' version, read by the cart statements themselves (the region tree cache)",
  },
  {
    name: 'eventFromRowSql',
    owner: 'events',
    usedBy: ['carts', 'customers'],
    why: "the cart.created outbox row, written by the cart's own INSERT so that creating a cart stays one statement; a checkout's new guest's customer.created, written by the guest's INSERT",
  },
  { name: 'eventsCteSql', owner: 'events', usedBy: ['carts'], why: "a cart change's cart.updated, written by the recalculation's first statement" },
  { name: 'insertOrderFromCart', owner: 'orders', usedBy: ['carts'], why: "completion writes the order in the cart's transaction" },
  { name: 'reserveStock', owner: 'products', usedBy: ['carts'], why: "completion's conditional stock UPDATE, under completion's lock order" },
  { name: 'customerGroupIds', owner: 'customers', usedBy: ['carts'], why: "cart discounts read the shopper's customer groups" },
  {
    name: 'releaseStockOfOrder',
    owner: 'products',
    usedBy: ['orders'],
    why: "an order's cancellation gives its unfulfilled units back, in the order's transaction",
  },
  { name: 'linkOrderToDraft', owner: 'orders', usedBy: ['draft-orders'], why: 'a draft order becomes an order in its own transaction' },
  { name: 'moveProductsIntoCollection', owner: 'products', usedBy: ['collections'], why: 'one set-based UPDATE of the products a collection gains' },
  {
    name: 'addProductsToSalesChannel',
    owner: 'products',
    usedBy: ['sales-channels'],
    why: "a channel's products batch: one set-based INSERT into the product's join table",
  },
  {
    name: 'removeProductsFromSalesChannel',
    owner: 'products',
    usedBy: ['sales-channels'],
    why: "a channel's products batch: one set-based DELETE from the product's join table",
  },
  { name: 'insertPriceListPrices', owner: 'products', usedBy: ['price-lists'], why: "a price list's prices are money amounts: one set-based INSERT per write" },
  { name: 'updatePriceListPrice', owner: 'products', usedBy: ['price-lists'], why: 'a price list update rewrites one of its money amounts by id' },
  {
    name: 'deletePriceListPrices',
    owner: 'products',
    usedBy: ['price-lists'],
    why: "a price list's price deletes (by ids, variants, products, or all but the new ones)",
  },
  {
    name: 'moveProductsIntoShippingProfile',
    owner: 'products',
    usedBy: ['shipping'],
    why: "one set-based UPDATE of the products a shipping profile gains (Medusa's profile update)",
  },
  { name: 'takeProductsOutOfCollection', owner: 'products', usedBy: ['collections'], why: 'one set-based UPDATE of the products a collection loses' },
  { name: 'addGroupMembers', owner: 'customers', usedBy: ['customer-groups'], why: 'group memberships are a join table of the customer entity' },
  { name: 'removeGroupMembers', owner: 'customers', usedBy: ['customer-groups'], why: 'group memberships are a join table of the customer entity' },
  { name: 'removeAllGroupMembers', owner: 'customers', usedBy: ['customer-groups'], why: "a group's deletion empties its memberships" },
  { name: 'liveStoreTokens', owner: 'customers', usedBy: ['auth'], why: "the guard checks a store token's customer and token version" },
  { name: 'endSessionsOf', owner: 'auth', usedBy: ['customers', 'users'], why: 'a password change ends the sessions of its account' },
  { name: 'insertCategory', owner: 'product-categories', usedBy: ['seed'], why: 'the seed writes categories through their owner, in its transaction' },
  { name: 'lockCategoryTree', owner: 'product-categories', usedBy: ['seed'], why: 'the seed ranks siblings under the tree lock, as the admin routes do' },
  {
    name: 'addProductToCategories',
    owner: 'product-categories',
    usedBy: ['seed', 'products'],
    why: 'the seed and the product writes file a product into its categories through their owner',
  },
  { name: 'removeCategoryProducts', owner: 'product-categories', usedBy: ['products'], why: "a product update replaces the product's categories" },
];

/**
 * Loaders that write across modules in SQL of their own, exempt from the write rule: going
 * through every owner row by row would cost a statement per row.
 */
export const BULK_LOADERS: ReadonlyArray<{ folder: string; why: string }> = [
  { folder: 'src/modules/batch-jobs/strategies/product-import/', why: 'the product CSV import: set-based writes per batch of rows' },
  { folder: 'src/modules/medusa-import/', why: 'the Medusa import: one generic upsert per kind and page, in one transaction' },
  { folder: 'src/modules/seed/', why: 'regions, shipping options and products have no owner method that takes a transaction yet' },
];
