/**
 * The change scopes: what each per-process cache reads (the catalogue responses, the
 * admin API tokens, the rarely written part of cart answers). A change to any of these
 * tables, by any writer (this API, a batch import, the seed command, another instance,
 * plain SQL), is announced by the statement-level `table_changed` triggers (migrations
 * 1795316570000-CatalogueChangeNotifications and later, renamed by 1795316830000) on the
 * channel below, with the table name as payload, and drops the scopes that read it.
 *
 * Adding a relation to a cached response means adding its table here AND a trigger in a
 * new migration; test/e2e/platform/catalogue-cache.e2e-spec.ts (catalogue scopes) and
 * test/e2e/store/cart-response-cache.e2e-spec.ts (carts) check both against the entity
 * metadata.
 */
export const TABLE_CHANGES_CHANNEL = 'table_changed';

/**
 * Changes to rows that are written often (stock at every checkout, discount usage, gift
 * card balances, payments), announced with their ids by the triggers of migration
 * 1795316590000-CartDependencyNotifications as `<table>:<id>,<id>...` (`<table>:*` when
 * the ids do not fit a notice): a cached cart is dropped only when a row it shows changed.
 */
export const ROW_CHANGES_CHANNEL = 'rows_changed';

/** The tables announced on ROW_CHANGES_CHANNEL. */
export const ROW_CHANGE_TABLES = ['product_variant', 'discount', 'gift_card', 'payment'] as const;

export type ChangeScope = 'products' | 'collections' | 'currencies' | 'api_tokens' | 'carts';

export const SCOPE_TABLES: Readonly<Record<ChangeScope, readonly string[]>> = {
  collections: ['product_collection'],
  // Not a response: the admin API-token lookups (src/modules/users/api-token-cache.ts).
  api_tokens: ['user'],
  currencies: ['currency'],
  // GET /store/carts/:id (src/modules/carts/cart-response-cache): the rarely written
  // tables its default relations read. The cart's own rows are covered by the cart row's
  // version, and the often written ones by ROW_CHANGES_CHANNEL.
  carts: [
    'region',
    'country',
    'currency',
    'payment_provider',
    'fulfillment_provider',
    'region_payment_providers',
    'region_fulfillment_providers',
    'product',
    'shipping_option',
    'discount_rule',
    'sales_channel',
    'tax_rate',
    'product_tax_rate',
    'product_type_tax_rate',
    'shipping_tax_rate',
  ],
  products: [
    'product',
    'product_variant',
    'money_amount',
    'product_option',
    'product_option_value',
    'image',
    'product_images',
    'product_tag',
    'product_tags',
    'product_type',
    'product_collection',
    'shipping_profile',
    'product_shipping_profile',
    'sales_channel',
    'product_sales_channel',
    // category_id[] filters by category, and by the category tree with include_category_children.
    'product_category',
    'product_category_product',
    // region_id in the query prices the variants in the region's currency.
    'region',
    // The x-publishable-api-key header scopes the answer to the key's channels (refused once revoked).
    'publishable_api_key',
    'publishable_api_key_sales_channel',
    'tax_rate',
    'product_tax_rate',
    'product_type_tax_rate',
  ],
};

/** The scopes a change to `table` makes stale; an unknown table drops every scope. */
export function scopesReading(table: string): ChangeScope[] {
  const all = Object.keys(SCOPE_TABLES) as ChangeScope[];
  const hit = all.filter((scope) => SCOPE_TABLES[scope].includes(table));
  return hit.length ? hit : all;
}
