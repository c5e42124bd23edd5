import { EntityManager, In, IsNull } from 'typeorm';
import { Product } from './product.entity';

/**
 * Takes `quantity` off a variant's stock with one conditional UPDATE: unmanaged variants
 * are left alone, backorderable ones may go below zero, others need the stock. False (and
 * nothing written) on a shortfall. Locks the variant row until the transaction ends.
 */
export async function reserveStock(manager: EntityManager, variantId: string, quantity: number): Promise<boolean> {
  // pg answers an UPDATE with [returned rows, row count].
  const [updated] = (await manager.query(
    `UPDATE product_variant
        SET inventory_quantity = CASE WHEN manage_inventory THEN inventory_quantity - $2 ELSE inventory_quantity END
      WHERE id = $1 AND (NOT manage_inventory OR allow_backorder OR inventory_quantity >= $2)
    RETURNING id`,
    [variantId, quantity],
  )) as [unknown[], number];
  return updated.length > 0;
}

/** Moves live products into a collection (out of any other); ids naming no live product are ignored. */
export async function moveProductsIntoCollection(manager: EntityManager, collectionId: string, productIds: readonly string[]): Promise<void> {
  await manager.getRepository(Product).update({ id: In([...productIds]), deleted_at: IsNull() }, { collection_id: collectionId });
}

/** Takes products out of a collection: the given ones, or every product in it. */
export async function takeProductsOutOfCollection(manager: EntityManager, collectionId: string, productIds?: readonly string[]): Promise<void> {
  const where = productIds ? { id: In([...productIds]), collection_id: collectionId } : { collection_id: collectionId };
  await manager.getRepository(Product).update(where, { collection_id: null });
}

/**
 * An order is canceled: the units of its lines not fulfilled go back to their variants'
 * stock (managed variants only; Medusa without an inventory module). The variants are
 * locked in id order first, the order completion takes them in (no deadlock between the two).
 */
export async function releaseStockOfOrder(manager: EntityManager, orderId: string): Promise<void> {
  await manager.query(
    `WITH units AS (
       SELECT variant_id, SUM(quantity - COALESCE(fulfilled_quantity, 0))::int AS n FROM line_item
        WHERE order_id = $1 AND variant_id IS NOT NULL GROUP BY variant_id),
     locked AS (
       SELECT v.id FROM product_variant v JOIN units u ON u.variant_id = v.id WHERE v.manage_inventory ORDER BY v.id FOR UPDATE OF v)
     UPDATE product_variant v SET inventory_quantity = v.inventory_quantity + u.n
       FROM units u JOIN locked l ON l.id = u.variant_id
      WHERE v.id = u.variant_id AND u.n > 0`,
    [orderId],
  );
}

/** Soft-deletes variants with their option values and prices (Medusa's cascade on a variant's soft delete). */
export async function softDeleteVariants(manager: EntityManager, variantIds: readonly string[]): Promise<void> {
  if (variantIds.length === 0) return;
  await manager.query(
    `WITH v AS (UPDATE product_variant SET deleted_at = now() WHERE id = ANY($1::varchar[]) AND deleted_at IS NULL RETURNING id),
          o AS (UPDATE product_option_value SET deleted_at = now() WHERE variant_id IN (SELECT id FROM v) AND deleted_at IS NULL)
     UPDATE money_amount SET deleted_at = now() WHERE variant_id IN (SELECT id FROM v) AND deleted_at IS NULL`,
    [variantIds],
  );
}

/** Soft-deletes a product with its variants, their option values and prices; options, images, tags and links stay (as Medusa). */
export async function softDeleteProduct(manager: EntityManager, productId: string): Promise<boolean> {
  const [rows] = (await manager.query(`UPDATE product SET deleted_at = now() WHERE id = $1 AND deleted_at IS NULL RETURNING id`, [productId])) as [
    unknown[],
    number,
  ];
  const variants: Array<{ id: string }> = await manager.query(`SELECT id FROM product_variant WHERE product_id = $1 AND deleted_at IS NULL`, [productId]);
  await softDeleteVariants(
    manager,
    variants.map((v) => v.id),
  );
  return rows.length > 0;
}

/** Soft-deletes an option and its values. */
export async function softDeleteOption(manager: EntityManager, optionId: string): Promise<void> {
  await manager.query(
    `WITH o AS (UPDATE product_option SET deleted_at = now() WHERE id = $1 AND deleted_at IS NULL RETURNING id)
     UPDATE product_option_value SET deleted_at = now() WHERE option_id IN (SELECT id FROM o) AND deleted_at IS NULL`,
    [optionId],
  );
}

/** The unique variant codes Medusa checks (each unique among live variants, NULLs allowed). */
const VARIANT_CODES = ['sku', 'barcode', 'ean', 'upc'] as const;
export type VariantCode = (typeof VARIANT_CODES)[number];

/** The first of the given codes a live variant other than `exceptId` already holds. */
export async function takenVariantCode(
  manager: EntityManager,
  codes: Partial<Record<VariantCode, string | null | undefined>>,
  exceptId: string | null,
): Promise<{ column: VariantCode; value: string } | undefined> {
  for (const column of VARIANT_CODES) {
    const value = codes[column];
    if (!value) continue;
    const rows: unknown[] = await manager.query(
      `SELECT 1 FROM product_variant WHERE ${column} = $1 AND deleted_at IS NULL AND ($2::varchar IS NULL OR id <> $2) LIMIT 1`,
      [value, exceptId],
    );
    if (rows.length) return { column, value };
  }
  return undefined;
}

/** Carries out a base price plan (variant-price-writes.ts) for one variant: deletes are hard, as Medusa's. */
export async function writeBasePrices(
  manager: EntityManager,
  variantId: string,
  plan: { deleteIds: string[]; amountUpdates: Array<{ id: string; amount: number }>; inserts: Array<Omit<MoneyAmountRow, 'id'>> },
  newId: () => string,
): Promise<void> {
  if (plan.deleteIds.length) await manager.query(`DELETE FROM money_amount WHERE id = ANY($1::varchar[]) AND variant_id = $2`, [plan.deleteIds, variantId]);
  for (const update of plan.amountUpdates) {
    await manager.query(`UPDATE money_amount SET amount = $2, updated_at = now() WHERE id = $1`, [update.id, update.amount]);
  }
  if (plan.inserts.length) {
    await manager.query(
      `INSERT INTO money_amount (id, variant_id, currency_code, region_id, amount, min_quantity, max_quantity)
       SELECT unnest($1::varchar[]), $2, unnest($3::varchar[]), unnest($4::varchar[]), unnest($5::int[]), unnest($6::int[]), unnest($7::int[])`,
      [
        plan.inserts.map(() => newId()),
        variantId,
        plan.inserts.map((p) => p.currency_code),
        plan.inserts.map((p) => p.region_id),
        plan.inserts.map((p) => p.amount),
        plan.inserts.map((p) => p.min_quantity),
        plan.inserts.map((p) => p.max_quantity),
      ],
    );
  }
}

interface MoneyAmountRow {
  id: string;
  currency_code: string;
  region_id: string | null;
  amount: number;
  min_quantity: number | null;
  max_quantity: number | null;
}

/** Puts live products in a sales channel; links that exist stay (Medusa's insert-or-ignore). */
export async function addProductsToSalesChannel(manager: EntityManager, salesChannelId: string, productIds: readonly string[]): Promise<void> {
  await manager.query(`INSERT INTO product_sales_channel (product_id, sales_channel_id) SELECT unnest($1::varchar[]), $2 ON CONFLICT DO NOTHING`, [
    productIds,
    salesChannelId,
  ]);
}

/** Takes products out of a sales channel; products not in it are ignored. */
export async function removeProductsFromSalesChannel(manager: EntityManager, salesChannelId: string, productIds: readonly string[]): Promise<void> {
  await manager.query(`DELETE FROM product_sales_channel WHERE sales_channel_id = $1 AND product_id = ANY($2::varchar[])`, [salesChannelId, productIds]);
}

/** A price of a price list, as the price-lists module writes it. */
export interface PriceListPriceRow {
  variant_id: string;
  currency_code: string;
  region_id: string | null;
  amount: number;
  min_quantity: number | null;
  max_quantity: number | null;
}

/** Inserts a price list's prices (new ids); returns the ids in the given order. */
export async function insertPriceListPrices(
  manager: EntityManager,
  priceListId: string,
  rows: readonly PriceListPriceRow[],
  newId: () => string,
): Promise<string[]> {
  if (rows.length === 0) return [];
  const ids = rows.map(() => newId());
  await manager.query(
    `INSERT INTO money_amount (id, price_list_id, variant_id, currency_code, region_id, amount, min_quantity, max_quantity)
     SELECT unnest($1::varchar[]), $2, unnest($3::varchar[]), unnest($4::varchar[]), unnest($5::varchar[]), unnest($6::int[]), unnest($7::int[]), unnest($8::int[])`,
    [
      ids,
      priceListId,
      rows.map((r) => r.variant_id),
      rows.map((r) => r.currency_code),
      rows.map((r) => r.region_id),
      rows.map((r) => r.amount),
      rows.map((r) => r.min_quantity),
      rows.map((r) => r.max_quantity),
    ],
  );
  return ids;
}

/** Overwrites the given fields of one of a price list's prices; false when the list has no such price. */
export async function updatePriceListPrice(manager: EntityManager, priceListId: string, id: string, row: Partial<PriceListPriceRow>): Promise<boolean> {
  const [updated] = (await manager.query(
    `UPDATE money_amount SET variant_id = COALESCE($3, variant_id), currency_code = COALESCE($4, currency_code), region_id = CASE WHEN $5::boolean THEN $6 ELSE region_id END,
            amount = COALESCE($7, amount), min_quantity = CASE WHEN $8::boolean THEN $9 ELSE min_quantity END, max_quantity = CASE WHEN $10::boolean THEN $11 ELSE max_quantity END,
            updated_at = now()
      WHERE id = $1 AND price_list_id = $2 RETURNING id`,
    [
      id,
      priceListId,
      row.variant_id ?? null,
      row.currency_code ?? null,
      row.region_id !== undefined,
      row.region_id ?? null,
      row.amount ?? null,
      row.min_quantity !== undefined,
      row.min_quantity ?? null,
      row.max_quantity !== undefined,
      row.max_quantity ?? null,
    ],
  )) as [unknown[], number];
  return updated.length > 0;
}

/**
 * Hard-deletes a price list's prices: those with the given ids, of the given variants or
 * of the given products' variants, or (`except`) all but the given ids. Returns the ids deleted.
 */
export async function deletePriceListPrices(
  manager: EntityManager,
  priceListId: string,
  which: { ids: readonly string[] } | { variantIds: readonly string[] } | { productIds: readonly string[] } | { except: readonly string[] },
): Promise<string[]> {
  const [condition, value] =
    'ids' in which
      ? ['id = ANY($2::varchar[])', which.ids]
      : 'variantIds' in which
        ? ['variant_id = ANY($2::varchar[])', which.variantIds]
        : 'productIds' in which
          ? ['variant_id IN (SELECT id FROM product_variant WHERE product_id = ANY($2::varchar[]))', which.productIds]
          : ['NOT (id = ANY($2::varchar[]))', which.except];
  const [rows] = (await manager.query(`DELETE FROM money_amount WHERE price_list_id = $1 AND ${condition} RETURNING id`, [priceListId, value])) as [
    Array<{ id: string }>,
    number,
  ];
  return rows.map((r) => r.id);
}

/** Whether the product is in one of the sales channels. */
export async function productInChannels(manager: EntityManager, productId: string, channelIds: readonly string[]): Promise<boolean> {
  const rows: unknown[] = await manager.query(`SELECT 1 FROM product_sales_channel WHERE product_id = $1 AND sales_channel_id = ANY($2::varchar[]) LIMIT 1`, [
    productId,
    channelIds,
  ]);
  return rows.length > 0;
}

/** The most used tags by their product links (Medusa's tag usage: `usage_count` as pg's bigint text). */
export function mostUsedTags(manager: EntityManager, limit: number): Promise<Array<{ id: string; usage_count: string; value: string }>> {
  return manager.query(
    `SELECT t.id, count(pt.product_id)::text AS usage_count, t.value
       FROM product_tag t JOIN product_tags pt ON pt.product_tag_id = t.id
      WHERE t.deleted_at IS NULL
      GROUP BY t.id, t.value ORDER BY count(pt.product_id) DESC, t.id LIMIT $1`,
    [limit],
  );
}

/**
 * Moves live products into a shipping profile (out of their previous one: the
 * product_shipping_profile trigger follows `profile_id`); ids naming no live product are ignored.
 */
export async function moveProductsIntoShippingProfile(manager: EntityManager, profileId: string, productIds: readonly string[]): Promise<void> {
  if (productIds.length === 0) return;
  await manager.getRepository(Product).update({ id: In([...productIds]), deleted_at: IsNull() }, { profile_id: profileId });
}
