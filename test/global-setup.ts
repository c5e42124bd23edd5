import { Client } from 'pg';
import { startEmbeddedPostgres } from '../src/database/embedded-postgres';
import { runMigrations } from '../src/database/migrate';
import { databaseUrl, serverUrl } from './helpers/db-urls';

/**
 * Once per `jest` run: find a PostgreSQL (TEST_DATABASE_URL, DATABASE_URL, or an embedded
 * one started here), migrate a template database, and hand its name to the workers. Each
 * test file then clones the template (CREATE DATABASE ... TEMPLATE), which takes ~50 ms.
 */
export default async function globalSetup(): Promise<void> {
  let url = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  if (!url) {
    // A data dir per run: two runs at once (a developer and an editor's watcher) never share one.
    const dataDir = `.data/test-postgres-${process.pid}`;
    const embedded = await startEmbeddedPostgres({ dataDir, port: 0, database: 'postgres' });
    (globalThis as Record<string, unknown>).__EMBEDDED_PG__ = { ...embedded, dataDir };
    url = embedded.url;
  }
  const template = `tmpl_${process.pid}_${Date.now().toString(36)}`;
  const admin = new Client({ connectionString: serverUrl(url) });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${template}"`);
  await admin.end();
  await runMigrations(databaseUrl(url, template));

  process.env.TEST_PG_SERVER_URL = serverUrl(url);
  process.env.TEST_TEMPLATE_DB = template;
  process.env.NODE_ENV = 'test';
}
