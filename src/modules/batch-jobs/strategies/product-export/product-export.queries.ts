import type { EntityManager } from 'typeorm';
import { keysetPage, PageKey } from '../csv-export/csv-export-pages';
import type { ProductCsvShape } from '../product-csv/product-csv-columns';
import type { ExportOrderColumn } from './product-export.context';
import { productFilterSql, StoredProductFilters } from './product-filter.sql';

export interface ExportOrder {
  column: ExportOrderColumn;
  direction: 'ASC' | 'DESC';
}

export async function countProducts(manager: EntityManager, filters: StoredProductFilters): Promise<number> {
  const params: unknown[] = [];
  const [row] = await manager.query(`SELECT count(*)::int AS count FROM product p WHERE ${productFilterSql(filters, params)}`, params);
  return row.count;
}

/**
 * The dynamic columns the export needs, computed by aggregates in the database (nothing
 * walks the catalog in memory): every base price shape in use, and the most options,
 * images, sales channels and categories any matching product has.
 */
export async function computeShape(manager: EntityManager, filters: StoredProductFilters): Promise<ProductCsvShape> {
  const params: unknown[] = [];
  const matching = `SELECT p.id FROM product p WHERE ${productFilterSql(filters, params)}`;
  const [prices, counts] = await Promise.all([
    manager.query(
      `SELECT currency_code, region_id, region_name FROM (
         SELECT DISTINCT ma.currency_code, r.id AS region_id, r.name AS region_name
           FROM money_amount ma
           JOIN product_variant v ON v.id = ma.variant_id AND v.deleted_at IS NULL
           LEFT JOIN region r ON r.id = ma.region_id
          WHERE v.product_id IN (${matching}) AND ma.deleted_at IS NULL AND ma.price_list_id IS NULL
       ) shapes
       ORDER BY (region_id IS NOT NULL), region_name NULLS FIRST, currency_code, region_id`,
      params,
    ),
    manager.query(
      `SELECT
         COALESCE((SELECT max(c) FROM (SELECT count(*) AS c FROM product_option o WHERE o.deleted_at IS NULL AND o.product_id IN (${matching}) GROUP BY o.product_id) x), 0)::int AS options,
         COALESCE((SELECT max(c) FROM (SELECT count(*) AS c FROM product_images pi JOIN image i ON i.id = pi.image_id AND i.deleted_at IS NULL WHERE pi.product_id IN (${matching}) GROUP BY pi.product_id) x), 0)::int AS images,
         COALESCE((SELECT max(c) FROM (SELECT count(*) AS c FROM product_sales_channel psc JOIN sales_channel sc ON sc.id = psc.sales_channel_id AND sc.deleted_at IS NULL WHERE psc.product_id IN (${matching}) GROUP BY psc.product_id) x), 0)::int AS channels,
         COALESCE((SELECT max(c) FROM (SELECT count(*) AS c FROM product_category_product pcp WHERE pcp.product_id IN (${matching}) GROUP BY pcp.product_id) x), 0)::int AS categories`,
      params,
    ),
  ]);
  return {
    prices: prices.map((p: { currency_code: string; region_id: string | null; region_name: string | null }) => ({
      currency_code: p.currency_code,
      region: p.region_id ? { id: p.region_id, name: p.region_name! } : null,
    })),
    dynamicOptionColumnCount: counts[0].options,
    dynamicImageColumnCount: counts[0].images,
    dynamicSalesChannelsColumnCount: counts[0].channels,
    dynamicProductCategoriesColumnCount: counts[0].categories,
  };
}

/** The next page of product ids in export order, by keyset (cost independent of how far the export has got). */
export async function nextProductPage(
  manager: EntityManager,
  filters: StoredProductFilters,
  order: ExportOrder,
  after: PageKey | null,
  take: number,
  skip: number,
): Promise<PageKey[]> {
  const params: unknown[] = [];
  const where = productFilterSql(filters, params);
  return keysetPage(
    manager,
    { from: 'product p', where, params, column: `p.${order.column}`, timestamp: order.column.endsWith('_at'), direction: order.direction },
    after,
    take,
    skip,
  );
}

export interface ExportProduct {
  id: string;
  handle: string | null;
  title: string;
  subtitle: string | null;
  description: string | null;
  status: string;
  thumbnail: string | null;
  weight: number | null;
  length: number | null;
  width: number | null;
  height: number | null;
  hs_code: string | null;
  origin_country: string | null;
  mid_code: string | null;
  material: string | null;
  collection_title: string | null;
  collection_handle: string | null;
  type: string | null;
  discountable: boolean;
  external_id: string | null;
  profile_name: string | null;
  profile_type: string | null;
  tags: string[];
  images: string[];
  sales_channels: Array<{ id: string; name: string; description: string | null }>;
  /** By handle, so the same catalog always exports the same file. */
  categories: Array<{ handle: string; name: string; description: string }>;
  options: Array<{ id: string; title: string }>;
  variants: ExportVariant[];
}

export interface ExportVariant {
  id: string;
  title: string;
  sku: string | null;
  barcode: string | null;
  inventory_quantity: number;
  allow_backorder: boolean;
  manage_inventory: boolean;
  weight: number | null;
  length: number | null;
  width: number | null;
  height: number | null;
  hs_code: string | null;
  origin_country: string | null;
  mid_code: string | null;
  material: string | null;
  /** option id -> value */
  values: Map<string, string>;
  prices: Array<{ currency_code: string; region_id: string | null; amount: number }>;
}

function groupBy<T>(rows: T[], key: (row: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return map;
}

/**
 * Everything one CSV page needs for these products, one query per relation, returned in
 * the given order. Children are ordered deterministically (variants by rank, options and
 * images by id, tags by value) so the same catalog always exports the same file.
 */
export async function loadProducts(manager: EntityManager, ids: string[]): Promise<ExportProduct[]> {
  if (ids.length === 0) return [];
  const [products, tags, images, channels, categories, options, variants] = await Promise.all([
    manager.query(
      `SELECT p.id, p.handle, p.title, p.subtitle, p.description, p.status, p.thumbnail, p.weight, p.length, p.width, p.height,
              p.hs_code, p.origin_country, p.mid_code, p.material, p.discountable, p.external_id,
              c.title AS collection_title, c.handle AS collection_handle, t.value AS type, sp.name AS profile_name, sp.type AS profile_type
         FROM product p
         LEFT JOIN product_collection c ON c.id = p.collection_id
         LEFT JOIN product_type t ON t.id = p.type_id
         LEFT JOIN shipping_profile sp ON sp.id = p.profile_id
        WHERE p.id = ANY($1::varchar[])`,
      [ids],
    ),
    manager.query(
      `SELECT pt.product_id, t.value FROM product_tags pt JOIN product_tag t ON t.id = pt.product_tag_id AND t.deleted_at IS NULL
        WHERE pt.product_id = ANY($1::varchar[]) ORDER BY t.value`,
      [ids],
    ),
    manager.query(
      `SELECT pi.product_id, i.url FROM product_images pi JOIN image i ON i.id = pi.image_id AND i.deleted_at IS NULL
        WHERE pi.product_id = ANY($1::varchar[]) ORDER BY i.id`,
      [ids],
    ),
    manager.query(
      `SELECT psc.product_id, sc.id, sc.name, sc.description FROM product_sales_channel psc
         JOIN sales_channel sc ON sc.id = psc.sales_channel_id AND sc.deleted_at IS NULL
        WHERE psc.product_id = ANY($1::varchar[]) ORDER BY sc.id`,
      [ids],
    ),
    manager.query(
      `SELECT pcp.product_id, pc.handle, pc.name, pc.description FROM product_category_product pcp
         JOIN product_category pc ON pc.id = pcp.product_category_id
        WHERE pcp.product_id = ANY($1::varchar[]) ORDER BY pc.handle`,
      [ids],
    ),
    manager.query(`SELECT id, product_id, title FROM product_option WHERE product_id = ANY($1::varchar[]) AND deleted_at IS NULL ORDER BY id`, [ids]),
    manager.query(
      `SELECT id, product_id, title, sku, barcode, inventory_quantity, allow_backorder, manage_inventory, weight, length, width, height,
              hs_code, origin_country, mid_code, material
         FROM product_variant WHERE product_id = ANY($1::varchar[]) AND deleted_at IS NULL ORDER BY variant_rank, id`,
      [ids],
    ),
  ]);
  const variantIds = variants.map((v: { id: string }) => v.id);
  const [values, prices] = await Promise.all([
    manager.query(`SELECT variant_id, option_id, value FROM product_option_value WHERE variant_id = ANY($1::varchar[]) AND deleted_at IS NULL`, [variantIds]),
    manager.query(
      `SELECT variant_id, currency_code, region_id, amount FROM money_amount
        WHERE variant_id = ANY($1::varchar[]) AND deleted_at IS NULL AND price_list_id IS NULL ORDER BY min_quantity NULLS FIRST, id`,
      [variantIds],
    ),
  ]);

  const tagsBy = groupBy<{ product_id: string; value: string }>(tags, (r) => r.product_id);
  const imagesBy = groupBy<{ product_id: string; url: string }>(images, (r) => r.product_id);
  const channelsBy = groupBy<{ product_id: string; id: string; name: string; description: string | null }>(channels, (r) => r.product_id);
  const categoriesBy = groupBy<{ product_id: string; handle: string; name: string; description: string }>(categories, (r) => r.product_id);
  const optionsBy = groupBy<{ product_id: string; id: string; title: string }>(options, (r) => r.product_id);
  const variantsBy = groupBy<ExportVariant & { product_id: string }>(variants, (r) => r.product_id);
  const valuesBy = groupBy<{ variant_id: string; option_id: string; value: string }>(values, (r) => r.variant_id);
  const pricesBy = groupBy<{ variant_id: string; currency_code: string; region_id: string | null; amount: number }>(prices, (r) => r.variant_id);
  const byId = new Map<string, ExportProduct>();
  for (const p of products) {
    byId.set(p.id, {
      ...p,
      tags: (tagsBy.get(p.id) ?? []).map((t) => t.value),
      images: (imagesBy.get(p.id) ?? []).map((i) => i.url),
      sales_channels: (channelsBy.get(p.id) ?? []).map(({ id, name, description }) => ({ id, name, description })),
      categories: (categoriesBy.get(p.id) ?? []).map(({ handle, name, description }) => ({ handle, name, description })),
      options: (optionsBy.get(p.id) ?? []).map(({ id, title }) => ({ id, title })),
      variants: (variantsBy.get(p.id) ?? []).map((v) => ({
        ...v,
        values: new Map((valuesBy.get(v.id) ?? []).map((row) => [row.option_id, row.value])),
        prices: (pricesBy.get(v.id) ?? []).map(({ currency_code, region_id, amount }) => ({ currency_code, region_id, amount })),
      })),
    });
  }
  return ids.map((id) => byId.get(id)).filter((p): p is ExportProduct => !!p);
}
