import { DataSource } from 'typeorm';
import { buildDataSourceOptions } from './data-source-options';

/** Arbitrary but fixed: every instance serialises its boot-time migrations on this lock. */
const MIGRATION_LOCK_KEY = 72_616_401;

/**
 * Runs pending migrations under a PostgreSQL advisory lock, so several instances booting
 * at once against one database migrate it exactly once.
 */
export async function runMigrations(url: string): Promise<string[]> {
  const dataSource = new DataSource({ ...buildDataSourceOptions(url), extra: { max: 1 } } as never);
  await dataSource.initialize();
  try {
    await dataSource.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      const applied = await dataSource.runMigrations({ transaction: 'each' });
      return applied.map((m) => m.name);
    } finally {
      await dataSource.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    await dataSource.destroy();
  }
}
