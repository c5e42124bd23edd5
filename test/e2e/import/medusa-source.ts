import { randomBytes } from 'crypto';
import { readFileSync } from 'fs';
import { join } from 'path';
import { Client } from 'pg';
import { hashPassword } from '../../../src/common/auth/password-hasher';
import { databaseUrl } from '../../helpers/db-urls';

/** Medusa v1's own password parameters (scrypt-kdf, logN 1, r 1, p 1). */
export const medusaHash = (password: string) => hashPassword(password, { logN: 1, r: 1, p: 1 });

async function withServer<T>(fn: (c: Client) => Promise<T>): Promise<T> {
  const c = new Client({ connectionString: process.env.TEST_PG_SERVER_URL });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/**
 * A database with the schema Medusa 1.20.10's migrations leave (and the rows they insert),
 * loaded from a dump of one made by `medusa migrations run`.
 */
export async function createMedusaDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `medusa_${randomBytes(5).toString('hex')}`;
  await withServer((c) => c.query(`CREATE DATABASE "${name}"`));
  const url = databaseUrl(process.env.TEST_PG_SERVER_URL!, name);
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(readFileSync(join(__dirname, 'fixtures/medusa-1.20-schema.sql'), 'utf8'));
  } finally {
    await client.end();
  }
  return { url, drop: () => withServer((c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => undefined) };
}

export async function onDatabase<T>(url: string, fn: (c: Client) => Promise<T>): Promise<T> {
  const c = new Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}
