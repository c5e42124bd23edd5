import type { Pool } from 'pg';
import type { DataSource } from 'typeorm';

/**
 * The node-postgres pool behind a TypeORM data source. TypeORM keeps it in the postgres
 * driver's `master` field, which its type declarations leave out; this is the one place
 * that reaches for it (the session store, statement naming, the JSON-tree loader and the
 * cart version read share the app's pool instead of opening their own).
 */
export function poolOf(dataSource: DataSource): Pool {
  const pool = (dataSource.driver as unknown as { master?: Pool }).master;
  if (!pool) throw new Error('The data source has no pg pool: it is not a postgres data source, or not initialised');
  return pool;
}
