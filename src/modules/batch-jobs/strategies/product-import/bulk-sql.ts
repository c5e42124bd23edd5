import type { EntityManager } from 'typeorm';

/** Column name and PostgreSQL type, as used to read rows out of one JSON parameter. */
export type ColumnSpec = [name: string, pgType: string];

function recordset(columns: ColumnSpec[]): string {
  return `jsonb_to_recordset($1::jsonb) AS x(${columns.map(([name, type]) => `"${name}" ${type}`).join(', ')})`;
}

/**
 * Inserts many rows with one statement and one parameter (no bind-parameter limit, one
 * round trip). `created_at`/`updated_at` take their column defaults.
 */
export async function bulkInsert(manager: EntityManager, table: string, columns: ColumnSpec[], rows: object[], suffix = ''): Promise<void> {
  if (rows.length === 0) return;
  const names = columns.map(([name]) => `"${name}"`).join(', ');
  await manager.query(`INSERT INTO "${table}" (${names}) SELECT ${names} FROM ${recordset(columns)} ${suffix}`, [JSON.stringify(rows)]);
}

/** Updates many rows by `id`, every listed column set from the row, plus `updated_at`. */
export async function bulkUpdate(manager: EntityManager, table: string, columns: ColumnSpec[], rows: object[]): Promise<void> {
  if (rows.length === 0) return;
  const sets = columns
    .filter(([name]) => name !== 'id')
    .map(([name]) => `"${name}" = x."${name}"`)
    .join(', ');
  await manager.query(`UPDATE "${table}" AS t SET ${sets}, updated_at = now() FROM ${recordset(columns)} WHERE t.id = x.id`, [JSON.stringify(rows)]);
}
