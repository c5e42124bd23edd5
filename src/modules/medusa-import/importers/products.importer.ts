import { isInteger, requireColumns, type ImportKind } from '../import-kind';
import type { SourceSchema } from '../source-schema';

const TIMES = ['created_at', 'updated_at'];
const BASE = ['id', ...TIMES, 'deleted_at'];
const DIMENSIONS = ['weight', 'length', 'height', 'width', 'hs_code', 'origin_country', 'mid_code', 'material'];

/** A product's shipping profile: Medusa 1.20 keeps it in a join table, older versions on the product. */
function productProfile(schema: SourceSchema): string {
  const joined = `(SELECT psp.profile_id FROM product_shipping_profile psp WHERE psp.product_id = s.id ORDER BY psp.profile_id LIMIT 1)`;
  if (schema.hasTable('product_shipping_profile') && schema.hasColumn('product', 'profile_id')) return `COALESCE(${joined}, s.profile_id)`;
  if (schema.hasTable('product_shipping_profile')) return joined;
  return schema.hasColumn('product', 'profile_id') ? 's.profile_id' : 'NULL';
}

/**
 * A price's variant: Medusa 1.20 links prices through product_variant_money_amount, older
 * versions through money_amount.variant_id.
 */
function priceVariant(schema: SourceSchema): string {
  const linked = `(SELECT pvma.variant_id FROM product_variant_money_amount pvma WHERE pvma.money_amount_id = s.id AND pvma.deleted_at IS NULL ORDER BY pvma.id LIMIT 1)`;
  if (schema.hasTable('product_variant_money_amount') && schema.hasColumn('money_amount', 'variant_id')) return `COALESCE(${linked}, s.variant_id)`;
  if (schema.hasTable('product_variant_money_amount')) return linked;
  return 's.variant_id';
}

/**
 * Over a category's chain of ancestors, from itself (depth 0) up to its root, rebuilt from
 * parent_category_id rather than trusting Medusa's stored mpath. The depth bound stops a
 * cycle in damaged data from running forever.
 */
const ancestry = (result: string): string =>
  `(WITH RECURSIVE up(id, parent_id, depth) AS (
      SELECT s.id, s.parent_category_id, 0
      UNION ALL
      SELECT p.id, p.parent_category_id, up.depth + 1 FROM up JOIN product_category p ON p.id = up.parent_id WHERE up.depth < 1000
    ) SELECT ${result} FROM up)`;

/**
 * A category's rank among its siblings, from 0 without gaps as this service keeps it: Medusa
 * lets root categories share a rank (its unique index treats NULL parents as distinct).
 */
function categoryRank(schema: SourceSchema): string {
  const before = schema.hasColumn('product_category', 'rank') ? '(o.rank, o.id) < (s.rank, s.id)' : 'o.id < s.id';
  return `(SELECT count(*)::int FROM product_category o WHERE o.parent_category_id IS NOT DISTINCT FROM s.parent_category_id AND ${before})`;
}

/** Shipping profiles and the catalogue: collections, types, tags, images, products, options, variants, prices. */
export const productKinds: ImportKind[] = [
  {
    name: 'shipping profiles',
    target: 'shipping_profile',
    source: 'shipping_profile',
    key: ['id'],
    columns: [...BASE, 'name', 'type', 'metadata'],
    check: requireColumns('name', 'type'),
  },
  { name: 'product collections', target: 'product_collection', source: 'product_collection', key: ['id'], columns: [...BASE, 'title', 'handle', 'metadata'] },
  { name: 'product types', target: 'product_type', source: 'product_type', key: ['id'], columns: [...BASE, 'value', 'metadata'] },
  { name: 'product tags', target: 'product_tag', source: 'product_tag', key: ['id'], columns: [...BASE, 'value', 'metadata'] },
  { name: 'images', target: 'image', source: 'image', key: ['id'], columns: [...BASE, 'url', 'metadata'] },
  {
    name: 'products',
    target: 'product',
    source: 'product',
    key: ['id'],
    columns: [
      ...BASE,
      'title',
      'subtitle',
      'description',
      'handle',
      'is_giftcard',
      'status',
      'thumbnail',
      ...DIMENSIONS,
      'collection_id',
      'type_id',
      'profile_id',
      'discountable',
      'external_id',
      'metadata',
    ],
    expressions: { profile_id: productProfile, status: (schema) => (schema.hasColumn('product', 'status') ? 's.status::text' : `'published'`) },
    check: requireColumns('title'),
  },
  {
    // Where this service keeps every profile of a product (not only product.profile_id).
    name: 'product shipping profile links',
    target: 'product_shipping_profile',
    source: 'product_shipping_profile',
    key: ['product_id', 'profile_id'],
    columns: ['product_id', 'profile_id'],
    insertOnly: true,
    optional: true,
    targetOptional: true,
  },
  {
    name: 'product tag links',
    target: 'product_tags',
    source: 'product_tags',
    key: ['product_id', 'product_tag_id'],
    columns: ['product_id', 'product_tag_id'],
    insertOnly: true,
  },
  {
    name: 'product image links',
    target: 'product_images',
    source: 'product_images',
    key: ['product_id', 'image_id'],
    columns: ['product_id', 'image_id'],
    insertOnly: true,
  },
  {
    name: 'product sales channel links',
    target: 'product_sales_channel',
    source: 'product_sales_channel',
    key: ['product_id', 'sales_channel_id'],
    columns: ['product_id', 'sales_channel_id'],
    insertOnly: true,
    optional: true,
  },
  {
    // Medusa before 1.20 (or with the product_categories flag off at migration time) has no such table.
    name: 'product categories',
    target: 'product_category',
    source: 'product_category',
    key: ['id'],
    columns: ['id', ...TIMES, 'name', 'description', 'handle', 'mpath', 'is_active', 'is_internal', 'parent_category_id', 'rank', 'metadata'],
    expressions: {
      // The same path this service writes: ancestor ids from the root, then its own, each followed by ".".
      mpath: ancestry(`string_agg(up.id || '.', '' ORDER BY up.depth DESC)`),
      rank: categoryRank,
      description: (schema) => (schema.hasColumn('product_category', 'description') ? `COALESCE(s.description, '')` : `''`),
      is_active: 'COALESCE(s.is_active, false)',
      is_internal: 'COALESCE(s.is_internal, false)',
    },
    // Parents before children: the parent reference cannot be deferred, because every
    // category would then be a root for a moment and roots' ranks would collide.
    pageBy: [ancestry('max(up.depth)'), 's.id'],
    check: requireColumns('name', 'handle'),
    optional: true,
  },
  {
    name: 'product category links',
    target: 'product_category_product',
    source: 'product_category_product',
    key: ['product_category_id', 'product_id'],
    columns: ['product_category_id', 'product_id'],
    insertOnly: true,
    optional: true,
  },
  { name: 'product options', target: 'product_option', source: 'product_option', key: ['id'], columns: [...BASE, 'title', 'product_id', 'metadata'] },
  {
    name: 'product variants',
    target: 'product_variant',
    source: 'product_variant',
    key: ['id'],
    columns: [
      ...BASE,
      'title',
      'product_id',
      'sku',
      'barcode',
      'ean',
      'upc',
      'variant_rank',
      'inventory_quantity',
      'allow_backorder',
      'manage_inventory',
      ...DIMENSIONS,
      'metadata',
    ],
    expressions: { variant_rank: (schema) => (schema.hasColumn('product_variant', 'variant_rank') ? 'COALESCE(s.variant_rank, 0)' : '0') },
    check: (row) =>
      row.title === null ? 'title missing' : Number(row.inventory_quantity) < 0 && !row.allow_backorder ? 'negative inventory without backorder' : undefined,
  },
  {
    name: 'product option values',
    target: 'product_option_value',
    source: 'product_option_value',
    key: ['id'],
    columns: [...BASE, 'value', 'option_id', 'variant_id', 'metadata'],
  },
  {
    name: 'prices',
    target: 'money_amount',
    source: 'money_amount',
    key: ['id'],
    columns: [...BASE, 'currency_code', 'amount', 'min_quantity', 'max_quantity', 'variant_id', 'region_id', 'price_list_id'],
    expressions: { variant_id: priceVariant, currency_code: 'lower(s.currency_code)' },
    skip: { where: (schema) => `${priceVariant(schema)} IS NULL`, reason: 'prices of no variant' },
    check: (row) => (!isInteger(row.amount) || Number(row.amount) < 0 ? `amount ${String(row.amount)} is not a non-negative integer` : undefined),
  },
];
