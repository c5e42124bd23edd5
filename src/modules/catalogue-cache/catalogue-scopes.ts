/**
 * What each cached catalogue response reads. A change to any of these tables, by any
 * writer (this API, a batch import, the seed command, another instance, plain SQL), is
 * announced by the triggers of migration 1795316570000-CatalogueChangeNotifications on
 * the channel below, with the table name as payload, and drops the scopes that read it.
 *
 * Adding a relation to a cached response means adding its table here AND a trigger in a
 * new migration; test/e2e/platform/catalogue-cache.e2e-spec.ts checks both against the
 * entity metadata.
 */
export const CATALOGUE_CHANNEL = 'catalogue_changed';

export type CatalogueScope = 'products' | 'collections' | 'currencies' | 'api_tokens';

export const SCOPE_TABLES: Readonly<Record<CatalogueScope, readonly string[]>> = {
  collections: ['product_collection'],
  // Not a response: the admin API-token lookups (src/modules/users/api-token-cache.ts).
  api_tokens: ['user'],
  currencies: ['currency'],
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
    'sales_channel',
    'product_sales_channel',
    // region_id in the query prices the variants in the region's currency.
    'region',
  ],
};

/** The scopes a change to `table` makes stale; an unknown table drops every scope. */
export function scopesReading(table: string): CatalogueScope[] {
  const all = Object.keys(SCOPE_TABLES) as CatalogueScope[];
  const hit = all.filter((scope) => SCOPE_TABLES[scope].includes(table));
  return hit.length ? hit : all;
}
