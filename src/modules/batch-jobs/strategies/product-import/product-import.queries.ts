import type { EntityManager } from 'typeorm';

/*
 * What a product import reads from the catalogue, one statement per lookup (inside a
 * transaction they share one connection, so they run one after the other). The writes are
 * in catalog-writer.ts.
 */

export interface ExistingProduct {
  id: string;
  handle: string | null;
  deleted_at: Date | null;
  [column: string]: unknown;
}

export interface ExistingVariant {
  id: string;
  product_id: string;
  sku: string | null;
  inventory_quantity: number;
  allow_backorder: boolean;
  deleted_at: Date | null;
  [column: string]: unknown;
}

/** The currency codes among `codes` that exist. */
export async function knownCurrencyCodes(manager: EntityManager, codes: string[]): Promise<string[]> {
  const rows: Array<{ code: string }> = await manager.query(`SELECT code FROM currency WHERE code = ANY($1::varchar[])`, [codes]);
  return rows.map((r) => r.code);
}

/** Live regions with one of these names, oldest first. */
export function regionsNamed(manager: EntityManager, names: string[]): Promise<Array<{ id: string; name: string; currency_code: string }>> {
  return manager.query(`SELECT id, name, currency_code FROM region WHERE name = ANY($1::varchar[]) AND deleted_at IS NULL ORDER BY created_at, id`, [names]);
}

/** The oldest live default shipping profile's id, which new products get. */
export async function defaultShippingProfileId(manager: EntityManager): Promise<string | null> {
  const [profile]: Array<{ id: string }> = await manager.query(
    `SELECT id FROM shipping_profile WHERE type = 'default' AND deleted_at IS NULL ORDER BY created_at LIMIT 1`,
  );
  return profile?.id ?? null;
}

/** The store's default sales channel id. */
export async function defaultSalesChannelId(manager: EntityManager): Promise<string | null> {
  const [store]: Array<{ default_sales_channel_id: string | null }> = await manager.query(
    `SELECT default_sales_channel_id FROM store ORDER BY created_at LIMIT 1`,
  );
  return store?.default_sales_channel_id ?? null;
}

/** Products with these ids, deleted ones included. */
export function findProductsById(manager: EntityManager, ids: string[]): Promise<ExistingProduct[]> {
  return manager.query(`SELECT * FROM product WHERE id = ANY($1::varchar[])`, [ids]);
}

/** Live products with these handles. */
export function findLiveProductsByHandle(manager: EntityManager, handles: string[]): Promise<ExistingProduct[]> {
  return manager.query(`SELECT * FROM product WHERE handle = ANY($1::varchar[]) AND deleted_at IS NULL`, [handles]);
}

/** Variants with these ids, deleted ones included. */
export function findVariantsById(manager: EntityManager, ids: string[]): Promise<ExistingVariant[]> {
  return manager.query(`SELECT * FROM product_variant WHERE id = ANY($1::varchar[])`, [ids]);
}

/** Live variants with these SKUs. */
export function findLiveVariantsBySku(manager: EntityManager, skus: string[]): Promise<ExistingVariant[]> {
  return manager.query(`SELECT * FROM product_variant WHERE sku = ANY($1::varchar[]) AND deleted_at IS NULL`, [skus]);
}

/** Live sales channels whose id or name is one of `refs`, oldest first. */
export function findSalesChannelsByIdOrName(manager: EntityManager, refs: string[]): Promise<Array<{ id: string; name: string }>> {
  return manager.query(
    `SELECT id, name FROM sales_channel WHERE (id = ANY($1::varchar[]) OR name = ANY($1::varchar[])) AND deleted_at IS NULL ORDER BY created_at, id`,
    [refs],
  );
}

/** Product categories with these handles (handles are unique). */
export function findCategoriesByHandle(manager: EntityManager, handles: string[]): Promise<Array<{ id: string; handle: string }>> {
  return manager.query(`SELECT id, handle FROM product_category WHERE handle = ANY($1::varchar[])`, [handles]);
}
