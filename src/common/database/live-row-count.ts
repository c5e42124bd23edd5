import type { EntityManager } from 'typeorm';

/**
 * The tables whose live rows the database counts (migrations LiveRowCounts, ProductCounts),
 * and `product:published`, the published live products (migration ProductCounts).
 */
export type CountedTable = 'customer' | 'gift_card' | 'discount' | 'product' | 'product:published';

/**
 * The number of live rows (`deleted_at IS NULL`) of `table`, kept by triggers in the
 * writing transactions (migration LiveRowCounts): an unfiltered admin list's exact `count`
 * without a scan of the table.
 */
export async function liveRowCount(manager: EntityManager, table: CountedTable): Promise<number> {
  const [{ n }] = await manager.query<Array<{ n: string }>>(`SELECT COALESCE(sum(live), 0)::bigint AS n FROM live_row_count WHERE table_name = $1`, [table]);
  return Number(n);
}
