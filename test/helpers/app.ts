import { INestApplication } from '@nestjs/common';
import { randomBytes } from 'crypto';
import { Client } from 'pg';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { createApp } from '../../src/app.factory';
import { AppConfig, loadConfig } from '../../src/config/configuration';
import { databaseUrl } from './db-urls';
import { ResponseValidator, validatingRequests } from './openapi-responses';

export interface TestApp {
  app: INestApplication;
  dataSource: DataSource;
  /** A fresh supertest request builder (no cookies kept). Success answers are checked against /docs-json. */
  http: () => ReturnType<typeof request>;
  /** supertest agent keeping cookies between requests; checks answers as `http` does. */
  agent: () => ReturnType<typeof request.agent>;
  databaseUrl: string;
  close(): Promise<void>;
}

async function withServer<T>(fn: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: process.env.TEST_PG_SERVER_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Clones the migrated template into a database of its own. */
export async function createTestDatabase(): Promise<string> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  await withServer((c) => c.query(`CREATE DATABASE "${name}" TEMPLATE "${process.env.TEST_TEMPLATE_DB}"`));
  return name;
}

export async function dropTestDatabase(name: string): Promise<void> {
  await withServer((c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}

/**
 * Settings for a test's app, named as the README's configuration table names them
 * (`{ TRUST_PROXY: 'true' }`): they go through the same loadConfig() as `npm start`, into
 * the config object handed to createApp. Nothing is written to process.env, so one test's
 * settings never leak into the next app.
 */
export type TestSettings = Record<string, string>;

/**
 * The configuration a test app on `url` runs with: the test defaults (NODE_ENV=test, a
 * pool of 5, the scripted `test` payment provider outside production) under `settings`.
 * The shell's environment is not read: a test sees the same configuration everywhere.
 */
export function testConfig(url: string, settings: TestSettings = {}): AppConfig {
  // The scripted `test` payment provider exists only where a run asks for it (and production refuses it).
  const production = ['production', 'staging'].includes(settings.NODE_ENV ?? '');
  return loadConfig({
    NODE_ENV: 'test',
    DB_POOL_SIZE: '5',
    PAYMENT_TEST_PROVIDER: production ? 'false' : 'true',
    ...settings,
    DATABASE_URL: url,
  });
}

/**
 * Boots the whole application in-process against a database of its own, built by the
 * same createApp() as main.ts. One per test file.
 */
export async function createTestApp(env: TestSettings = {}): Promise<TestApp> {
  const name = await createTestDatabase();
  const instance = await startTestApp(databaseUrl(process.env.TEST_PG_SERVER_URL!, name), env);
  return {
    ...instance,
    async close() {
      await instance.close();
      await dropTestDatabase(name);
    },
  };
}

/**
 * Boots one more instance of the application on an existing database (several instances
 * on one database: scale-out tests). `close()` stops the app and leaves the database.
 */
export async function startTestApp(url: string, env: TestSettings = {}): Promise<TestApp> {
  const app = await createApp({ config: testConfig(url, env), logs: 'silent' });
  // The document the service itself serves at /docs-json: answers are checked against it.
  const document = (await request(app.getHttpServer()).get('/docs-json').expect(200)).body;
  const validator = new ResponseValidator(document);
  const server = app.getHttpServer();
  return {
    app,
    dataSource: app.get(DataSource),
    http: () => validatingRequests(request(server), validator),
    agent: () => validatingRequests(request.agent(server), validator),
    databaseUrl: url,
    close: () => app.close(),
  };
}
