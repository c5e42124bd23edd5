import 'reflect-metadata';
import type { INestApplicationContext } from '@nestjs/common';
import { AppConfig, loadConfig } from '../config/configuration';
import { connectDatabase, displayPath, withDatabaseUrl } from '../database/database-connection';
import { runMigrations } from '../database/migrate';
import { GracefulShutdown } from '../graceful-shutdown';

/** Thrown for wrong command-line usage: the message is printed with the usage text. */
export class UsageError extends Error {}

export interface CliTarget {
  /** "the embedded PostgreSQL (.data/postgres)" or "DATABASE_URL", for the result line. */
  description: string;
}

/**
 * The frame every CLI shares: the same database choice as `npm start` (DATABASE_URL or
 * the embedded PostgreSQL), migrations, a Nest application context (no HTTP) with quiet
 * logs, then `work`; closes everything and exits 0 with its one-line result, or 1 with
 * a one-line reason.
 */
export async function runCli(
  name: string,
  usage: string,
  work: (app: INestApplicationContext, target: CliTarget) => Promise<string>,
  prepare: (config: AppConfig) => void = () => undefined,
): Promise<never> {
  const shutdown = new GracefulShutdown((m) => process.stderr.write(`${name}: ${m}\n`), 1).installSignalHandlers();
  try {
    // The environment is read here, once; argument and file checks come next, so a
    // mistake is reported without starting any database.
    const loaded = loadConfig();
    prepare(loaded);
    const database = await connectDatabase(loaded, shutdown, () => undefined);
    await runMigrations(database.url);
    // A one-off command must never pick up batch jobs meant for the running instances.
    const config = withDatabaseUrl({ ...loaded, queue: { ...loaded.queue, workersEnabled: false } }, database.url);
    // Loaded only now so a usage error does not pay for loading every module.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { createApp } = require('../app.factory') as typeof import('../app.factory');
    const app = await createApp({ config, http: false, logs: 'quiet' });
    shutdown.add(() => app.close());
    const description = database.embedded ? `the embedded PostgreSQL (${displayPath(database.embedded.dataDir)})` : 'DATABASE_URL';
    const result = await work(app, { description });
    await shutdown.close();
    process.stdout.write(`${result}\n`);
    process.exit(0);
  } catch (err) {
    if (shutdown.isClosing) return new Promise<never>(() => undefined); // a signal is shutting us down; its handler exits
    await shutdown.close();
    const message = (err as Error)?.message ?? String(err);
    process.stderr.write(err instanceof UsageError ? `${name}: ${message}\n${usage}\n` : `${name} failed: ${message}\n`);
    process.exit(1);
  }
}
