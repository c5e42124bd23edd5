import type { ListSpec } from '../../common/query/list-spec';
import { storeCategoryFilterSql } from '../product-categories/product-categories.repository';
import { Product } from './product.entity';
import { ProductTag, ProductType } from './product-taxonomy.entities';
import { ProductVariant } from './product-variant.entity';

/*
 * The catalogue's relation lists and list routes: what each route loads and accepts, and
 * how its filters become SQL (see src/common/query/list-spec.ts).
 */

/** Orders Medusa's store product list accepts on the variants (allowedStoreProductsFields). */
const VARIANT_ORDERS = ['variants.title', 'variants.prices.amount'] as const;

/**
 * A product ordered by its variants, as Medusa's (TypeORM's DISTINCT-paged) query orders
 * it: ascending by the smallest value among its variants, descending by the largest;
 * products without any come last ascending, first descending (PostgreSQL's NULLs).
 */
function variantOrderSql(key: (typeof VARIANT_ORDERS)[number], direction: 'ASC' | 'DESC', alias: string): string {
  const agg = direction === 'ASC' ? 'MIN' : 'MAX';
  if (key === 'variants.title') {
    return `(SELECT ${agg}(ov.title) FROM product_variant ov WHERE ov.product_id = ${alias}.id AND ov.deleted_at IS NULL)`;
  }
  return `(SELECT ${agg}(oma.amount) FROM product_variant ov JOIN money_amount oma ON oma.variant_id = ov.id AND oma.deleted_at IS NULL
            WHERE ov.product_id = ${alias}.id AND ov.deleted_at IS NULL)`;
}

/**
 * Medusa's defaultAdminProductRelations, with `sales_channels` (its sales channels flag is
 * on) and `profile` (Medusa's product loads it eagerly).
 */
const ADMIN_PRODUCT_RELATIONS = [
  'profile',
  'variants',
  'variants.prices',
  'variants.options',
  'profiles',
  'images',
  'options',
  'options.values',
  'tags',
  'type',
  'collection',
  'sales_channels',
];
export const ADMIN_PRODUCT_QUERY = { entity: Product, defaultRelations: ADMIN_PRODUCT_RELATIONS, allowedRelations: ADMIN_PRODUCT_RELATIONS };

/** Medusa's defaultAdminVariantRelations. */
export const VARIANT_RELATIONS = ['product', 'prices', 'options'];
export const VARIANT_ALLOWED_RELATIONS = [...VARIANT_RELATIONS, 'product.images', 'product.profiles', 'product.collection', 'product.type'];
const VARIANT_PRICE_FIELDS = [
  'original_price',
  'calculated_price',
  'calculated_price_type',
  'original_price_incl_tax',
  'calculated_price_incl_tax',
  'original_tax',
  'calculated_tax',
  'tax_rates',
];

/**
 * Medusa v1.20's store product relations (defaultStoreProductsRelations, and
 * allowedStoreProductsRelations with its product-categories flag on): `profile` is refused
 * there (400, seen on a real 1.20.10); `variants.inventory_items` is always empty here (no inventory module).
 */
export const STORE_PRODUCT_RELATIONS = [
  'variants',
  'variants.prices',
  'variants.options',
  'options',
  'options.values',
  'images',
  'tags',
  'collection',
  'type',
  'profiles',
];
/** The allowed relations read from tables (what the catalogue cache must watch). */
export const STORE_PRODUCT_ALLOWED_RELATIONS = [...STORE_PRODUCT_RELATIONS, 'sales_channels', 'categories'];
export const STORE_PRODUCT_ALLOWED_EXPAND = [...STORE_PRODUCT_ALLOWED_RELATIONS, 'variants.inventory_items'];
/**
 * What `order` accepts, as Medusa's allowedStoreProductsFields: the product's columns and
 * its variants' title or prices (VARIANT_ORDERS).
 */
const STORE_PRODUCT_ALLOWED_ORDER = [
  'id',
  'title',
  'subtitle',
  'status',
  'external_id',
  'description',
  'handle',
  'is_giftcard',
  'discountable',
  'thumbnail',
  'collection_id',
  'type_id',
  'weight',
  'length',
  'height',
  'width',
  'hs_code',
  'origin_country',
  'mid_code',
  'material',
  'created_at',
  'updated_at',
  'deleted_at',
  'metadata',
  'profile_id',
  ...VARIANT_ORDERS,
];

/** The store product list's prices are computed into its variants. */
export const PRICE_FIELDS = ['variants'];

/** Medusa's columns for `q` on products: title and description, the variants' title and SKU, the collection's title. */
function productSearchSql(liveCollectionsOnly: boolean): string {
  // The matches of each column, united (each a trigram index scan), rather than the same
  // conditions OR-ed: OR-ed with the variants' and collections' EXISTS, PostgreSQL can only
  // test every product in turn (at 50 000 products: 2 174 buffers against 335). The
  // collections' ids as an array: joined, PostgreSQL expects 1 000 products per matching
  // collection and may read every product instead (1 431 buffers against 335).
  return `{a}.id IN (
          SELECT qp.id FROM product qp WHERE qp.title ILIKE :q OR qp.description ILIKE :q
          UNION ALL SELECT qv.product_id FROM product_variant qv WHERE qv.deleted_at IS NULL AND (qv.title ILIKE :q OR qv.sku ILIKE :q)
          UNION ALL SELECT qcp.id FROM product qcp
            WHERE qcp.collection_id = ANY (ARRAY(SELECT qc.id FROM product_collection qc WHERE ${liveCollectionsOnly ? 'qc.deleted_at IS NULL AND ' : ''}qc.title ILIKE :q)))`;
}

const TAGS_SQL = 'EXISTS (SELECT 1 FROM product_tags pt WHERE pt.product_id = {a}.id AND pt.product_tag_id IN (:...value))';
const SALES_CHANNELS_SQL = 'EXISTS (SELECT 1 FROM product_sales_channel psc WHERE psc.product_id = {a}.id AND psc.sales_channel_id IN (:...value))';

/**
 * `category_id[]`, with and without the categories' descendants: the caller passes the ids
 * under `category_id` or `category_id_with_children` (include_category_children).
 */
function categoryFilters(categorySql: (withDescendants: boolean) => string) {
  return {
    category_id: { op: 'sql', sql: categorySql(false) },
    category_id_with_children: { op: 'sql', sql: categorySql(true) },
  } as const;
}

/** Moves `category_id` to `category_id_with_children` when the filters ask for the descendants too. */
export function withCategoryScope<F extends { category_id?: string[]; include_category_children?: boolean }>(filters: F): Record<string, unknown> {
  if (!filters.include_category_children) return { ...filters };
  return { ...filters, category_id: undefined, category_id_with_children: filters.category_id };
}

/** `GET /admin/products`: every status, filtered as Medusa v1's FilterableProductProps. */
export const ADMIN_PRODUCT_LIST: ListSpec<Product> = {
  entity: Product,
  alias: 'product',
  query: { ...ADMIN_PRODUCT_QUERY, defaultLimit: 50, maxLimit: 1000, isList: true },
  filters: {
    id: { op: 'anyOf' },
    status: { op: 'anyOf' },
    collection_id: { op: 'anyOf' },
    type_id: { op: 'anyOf' },
    // No price lists here: no product is in one.
    price_list_id: { op: 'sql', sql: 'false' },
    title: { op: 'equals' },
    description: { op: 'equals' },
    handle: { op: 'equals' },
    is_giftcard: { op: 'equals' },
    tags: { op: 'sql', sql: TAGS_SQL },
    sales_channel_id: { op: 'sql', sql: SALES_CHANNELS_SQL },
    discount_condition_id: {
      op: 'sql',
      sql: 'EXISTS (SELECT 1 FROM discount_condition_product dcp WHERE dcp.product_id = {a}.id AND dcp.condition_id = :value)',
    },
    ...categoryFilters((withDescendants) => {
      const inCategories = withDescendants
        ? `EXISTS (SELECT 1 FROM product_category root WHERE root.id IN (:...value)
             AND pc.mpath LIKE replace(replace(replace(root.mpath, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%')`
        : 'pc.id IN (:...value)';
      return `EXISTS (SELECT 1 FROM product_category_product pcp JOIN product_category pc ON pc.id = pcp.product_category_id
          WHERE pcp.product_id = {a}.id AND ${inCategories})`;
    }),
    created_at: { op: 'dates' },
    updated_at: { op: 'dates' },
    deleted_at: { op: 'dates' },
  },
  q: { sql: productSearchSql(false) },
  includeDeletedWith: 'deleted_at',
  tieBreaker: 'ASC',
  relationLoad: 'json-tree',
  // Unfiltered: the database's tally of live products, not a count of the table.
  count: { searched: 'window', tally: 'product' },
};

/** `GET /store/products`: published products only. */
export const STORE_PRODUCT_LIST: ListSpec<Product> = {
  entity: Product,
  alias: 'product',
  query: {
    entity: Product,
    defaultLimit: 100,
    maxLimit: 1000,
    defaultRelations: STORE_PRODUCT_RELATIONS,
    allowedRelations: STORE_PRODUCT_ALLOWED_EXPAND,
    allowedOrder: STORE_PRODUCT_ALLOWED_ORDER,
    computedFields: PRICE_FIELDS,
    isList: true,
  },
  where: "product.status = 'published'",
  filters: {
    id: { op: 'anyOf' },
    collection_id: { op: 'anyOf' },
    ...categoryFilters((withDescendants) => storeCategoryFilterSql('{a}', withDescendants, ':...value')),
    type_id: { op: 'anyOf' },
    handle: { op: 'equals' },
    title: { op: 'equals' },
    description: { op: 'equals' },
    is_giftcard: { op: 'equals' },
    tags: { op: 'sql', sql: TAGS_SQL },
    sales_channel_id: { op: 'sql', sql: SALES_CHANNELS_SQL },
    created_at: { op: 'dates' },
    updated_at: { op: 'dates' },
  },
  q: { sql: productSearchSql(true) },
  orderSql: Object.fromEntries(VARIANT_ORDERS.map((key) => [key, (direction: 'ASC' | 'DESC') => variantOrderSql(key, direction, 'product')])),
  tieBreaker: 'ASC',
  relationLoad: 'json-tree',
  // Unfiltered (the only condition is the status): the database's tally of published products.
  count: { tally: 'product:published' },
};

/** `GET /admin/variants`. */
export const ADMIN_VARIANT_LIST: ListSpec<ProductVariant> = {
  entity: ProductVariant,
  alias: 'variant',
  query: {
    entity: ProductVariant,
    defaultLimit: 20,
    maxLimit: 1000,
    defaultRelations: VARIANT_RELATIONS,
    allowedRelations: VARIANT_ALLOWED_RELATIONS,
    computedFields: VARIANT_PRICE_FIELDS,
    isList: true,
  },
  filters: {
    id: { op: 'anyOf' },
    title: { op: 'anyOf' },
    manage_inventory: { op: 'equals' },
    allow_backorder: { op: 'equals' },
  },
  // Medusa's columns: the variant's title and SKU, its product's title.
  q: {
    sql: `{a}.title ILIKE :q OR {a}.sku ILIKE :q
          OR EXISTS (SELECT 1 FROM product p WHERE p.id = {a}.product_id AND p.deleted_at IS NULL AND p.title ILIKE :q)`,
  },
  tieBreaker: 'ASC',
  relationLoad: 'json-tree',
  count: { searched: 'window' },
};

function taxonomyList<T extends ProductTag | ProductType>(
  entity: new () => T,
  defaultLimit: number,
  conditionTable: string,
  conditionColumn: string,
): ListSpec<T> {
  return {
    entity,
    alias: 't',
    query: { entity, defaultLimit, maxLimit: 1000, defaultRelations: [], allowedRelations: [], isList: true },
    filters: {
      id: { op: 'equals' },
      value: { op: 'equals' },
      created_at: { op: 'dates' },
      updated_at: { op: 'dates' },
      discount_condition_id: {
        op: 'sql',
        sql: `EXISTS (SELECT 1 FROM ${conditionTable} dc WHERE dc.${conditionColumn} = {a}.id AND dc.condition_id = :value)`,
      },
    },
    q: { columns: ['value'] },
    tieBreaker: 'ASC',
    relationLoad: 'none',
  };
}

/** `GET /admin/product-tags`, `GET /admin/product-types`. */
export const ADMIN_PRODUCT_TAG_LIST = taxonomyList(ProductTag, 10, 'discount_condition_product_tag', 'product_tag_id');
export const ADMIN_PRODUCT_TYPE_LIST = taxonomyList(ProductType, 20, 'discount_condition_product_type', 'product_type_id');

/** `GET /store/product-tags`, `GET /store/product-types`: limit 20, `order` only on Medusa's allowed fields. */
const STORE_TAXONOMY_ORDER = ['id', 'value', 'created_at', 'updated_at'];
export const STORE_PRODUCT_TAG_LIST = storeTaxonomy(taxonomyList(ProductTag, 20, 'discount_condition_product_tag', 'product_tag_id'));
export const STORE_PRODUCT_TYPE_LIST = storeTaxonomy(taxonomyList(ProductType, 20, 'discount_condition_product_type', 'product_type_id'));
function storeTaxonomy<T extends ProductTag | ProductType>(spec: ListSpec<T>): ListSpec<T> {
  return { ...spec, query: { ...spec.query, allowedOrder: STORE_TAXONOMY_ORDER, allowedFields: STORE_TAXONOMY_ORDER } };
}

/** Medusa's defaultStoreVariantRelations and allowed `expand` (inventory_items answered empty, as for products). */
export const STORE_VARIANT_RELATIONS = ['prices', 'options', 'product'];
export const STORE_VARIANT_ALLOWED_EXPAND = [...STORE_VARIANT_RELATIONS, 'inventory_items'];

/**
 * `GET /store/variants`: no status or channel filter (variants of draft products too, as
 * Medusa), limit 100, `ids` a comma-separated list.
 */
export const STORE_VARIANT_LIST: ListSpec<ProductVariant> = {
  entity: ProductVariant,
  alias: 'variant',
  query: {
    entity: ProductVariant,
    defaultLimit: 100,
    maxLimit: 1000,
    defaultRelations: STORE_VARIANT_RELATIONS,
    allowedRelations: STORE_VARIANT_RELATIONS,
    computedFields: VARIANT_PRICE_FIELDS,
    isList: true,
  },
  filters: {
    id: { op: 'anyOf' },
    title: { op: 'anyOf' },
  },
  tieBreaker: 'ASC',
  relationLoad: 'json-tree',
};
