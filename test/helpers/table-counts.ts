import type { DataSource } from 'typeorm';

/** Tables whose rows a rejected request may legitimately touch (sessions, queue, idempotency, login-throttle counters). */
const INFRASTRUCTURE_TABLES = new Set(['session', 'migrations', 'idempotency_key', 'file_chunk_upload_tmp', 'throttle_counter']);

/**
 * Tables a background worker updates after the request that wrote them (the event relay marks
 * events handed over, the webhook sender records attempts): their digest covers what a request
 * writes, so a rejected request that emitted an event or a delivery still shows.
 */
const REQUEST_WRITTEN_COLUMNS: Record<string, string> = {
  outbox_event: 'id, name, data',
  webhook_delivery: 'id, endpoint_id, event_id, event_name',
};

/** Row counts of every business table in the public schema, in one round trip. */
export async function businessTableCounts(dataSource: DataSource): Promise<Record<string, number>> {
  const tables: Array<{ table_name: string }> = await dataSource.query(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const names = tables.map((t) => t.table_name).filter((n) => !INFRASTRUCTURE_TABLES.has(n));
  if (names.length === 0) return {};
  const sql = names.map((n) => `SELECT '${n}' AS t, count(*)::int AS c FROM "${n}"`).join(' UNION ALL ');
  const rows: Array<{ t: string; c: number }> = await dataSource.query(sql);
  return Object.fromEntries(rows.map((r) => [r.t, r.c]));
}

/**
 * A digest of every row of every business table, per table, in one round trip: two equal
 * snapshots mean nothing was inserted, updated or deleted in between (counts alone miss UPDATEs).
 */
export async function businessTableDigests(db: DataSource | ((sql: string) => Promise<Array<Record<string, unknown>>>)): Promise<Record<string, string>> {
  const query = typeof db === 'function' ? db : (sql: string) => db.query(sql) as Promise<Array<Record<string, unknown>>>;
  const tables = (await query(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  )) as Array<{ table_name: string }>;
  const names = tables.map((t) => t.table_name).filter((n) => !INFRASTRUCTURE_TABLES.has(n));
  if (names.length === 0) return {};
  const rowsOf = (n: string) => (REQUEST_WRITTEN_COLUMNS[n] ? `(SELECT ${REQUEST_WRITTEN_COLUMNS[n]} FROM "${n}")` : `"${n}"`);
  const sql = names
    .map((n) => `SELECT '${n}' AS t, md5(coalesce(string_agg(r::text, E'\\n' ORDER BY r::text), '')) AS h FROM ${rowsOf(n)} r`)
    .join(' UNION ALL ');
  const rows = (await query(sql)) as Array<{ t: string; h: string }>;
  return Object.fromEntries(rows.map((r) => [r.t, r.h]));
}

/** The tables whose digests differ between two snapshots of `businessTableDigests`. */
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  return [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((t) => before[t] !== after[t]).sort();
}
