import { rmSync } from 'fs';
import { Client } from 'pg';

export default async function globalTeardown(): Promise<void> {
  const serverUrl = process.env.TEST_PG_SERVER_URL;
  const template = process.env.TEST_TEMPLATE_DB;
  if (serverUrl && template) {
    const admin = new Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`);
    await admin.end();
  }
  const embedded = (globalThis as Record<string, unknown>).__EMBEDDED_PG__ as { stop(): Promise<void>; dataDir: string } | undefined;
  if (embedded) {
    await embedded.stop();
    rmSync(embedded.dataDir, { recursive: true, force: true });
  }
}
