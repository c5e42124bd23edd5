import { EntityManager } from 'typeorm';
import type { CandidatePrice } from './price-selection';

/**
 * The candidate prices of variants for a region and/or currency (§5.2 conditions 1 and 2,
 * in SQL so that a shop's thousands of lists are filtered by the indexes, not in memory):
 * base prices, and the prices of active, in-date lists, with the lists' customer groups
 * for `choosePrice` to match against the shopper. Keyed by variant id.
 */
export async function candidatePrices(
  manager: EntityManager,
  variantIds: readonly string[],
  where: { regionId?: string; currencyCode?: string },
): Promise<Map<string, CandidatePrice[]>> {
  const out = new Map<string, CandidatePrice[]>();
  if (variantIds.length === 0 || (!where.regionId && !where.currencyCode)) return out;
  const rows: Array<{
    variant_id: string;
    amount: number;
    currency_code: string;
    region_id: string | null;
    min_quantity: number | null;
    max_quantity: number | null;
    price_list_id: string | null;
    type: 'sale' | 'override' | null;
    status: 'active' | 'draft' | null;
    starts_at: Date | null;
    ends_at: Date | null;
    customer_group_ids: string[] | null;
  }> = await manager.query(
    `SELECT ma.variant_id, ma.amount, ma.currency_code, ma.region_id, ma.min_quantity, ma.max_quantity, ma.price_list_id,
            pl.type, pl.status, pl.starts_at, pl.ends_at,
            (SELECT array_agg(g.customer_group_id) FROM price_list_customer_groups g WHERE g.price_list_id = pl.id) AS customer_group_ids
       FROM money_amount ma
       LEFT JOIN price_list pl ON pl.id = ma.price_list_id AND pl.deleted_at IS NULL
      WHERE ma.variant_id = ANY($1::varchar[]) AND ma.deleted_at IS NULL
        AND (ma.price_list_id IS NULL
             OR (pl.status = 'active' AND (pl.ends_at IS NULL OR pl.ends_at > now()) AND (pl.starts_at IS NULL OR pl.starts_at < now())))
        AND (($2::varchar IS NOT NULL AND ma.region_id = $2) OR ($3::varchar IS NOT NULL AND ma.currency_code = $3))`,
    [variantIds, where.regionId ?? null, where.currencyCode?.toLowerCase() ?? null],
  );
  for (const row of rows) {
    // A price of a deleted list (the join found none) takes no part.
    if (row.price_list_id && row.status === null) continue;
    const price: CandidatePrice = {
      amount: row.amount,
      currency_code: row.currency_code,
      region_id: row.region_id,
      min_quantity: row.min_quantity,
      max_quantity: row.max_quantity,
      price_list: row.price_list_id
        ? { type: row.type!, status: row.status!, starts_at: row.starts_at, ends_at: row.ends_at, customer_group_ids: row.customer_group_ids ?? [] }
        : null,
    };
    out.set(row.variant_id, [...(out.get(row.variant_id) ?? []), price]);
  }
  return out;
}
