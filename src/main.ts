import 'reflect-metadata';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DataSource } from 'typeorm';
import { createApp } from './app.factory';
import { ConnectionDrain } from './common/http/connection-drain';
import { StartupError } from './common/runtime/startup-error';
import { AppConfig, loadConfig } from './config/configuration';
import { connectDatabase, withDatabaseUrl } from './database/database-connection';
import { runMigrations } from './database/migrate';
import { GracefulShutdown } from './graceful-shutdown';
import { DEMO_ADMIN, seedDemoData } from './modules/seed/demo';

const say = (line: string) => process.stdout.write(`${line}\n`);

/**
 * `npm start`: database (DATABASE_URL or the embedded one), migrations, demo data when
 * the embedded database is empty (or SEED_DEMO=true), then the HTTP server, and a short
 * banner with the URLs and the login. Nest's own boot logs (one line per route) are
 * kept below `warn` unless LOG_LEVEL is debug or trace, so the banner stays readable.
 */
async function bootstrap(shutdown: GracefulShutdown): Promise<void> {
  const loaded = loadConfig();
  const database = await connectDatabase(loaded, shutdown, say);
  const config = withDatabaseUrl(loaded, database.url);

  const applied = await runMigrations(database.url);
  say(applied.length ? `Migrations: applied ${applied.length} (${applied.join(', ')})` : 'Migrations: up to date');

  const app = await createApp({ config, logs: ['debug', 'trace'].includes(config.logLevel) ? 'verbose' : 'quiet' });
  shutdown.add(() => app.close());
  // Registered later, so it runs first: every received request is answered while the whole app still runs.
  shutdown.add(() => app.get(ConnectionDrain).drain(app.getHttpServer()));

  const seeded = await seedDemoData(app, config, !!database.embedded, say);
  await app.listen(config.port, config.host);
  await printBanner(app, config, database.embedded?.port, seeded);
}

async function printBanner(app: NestExpressApplication, config: AppConfig, embeddedPort: number | undefined, seeded: boolean): Promise<void> {
  const url = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`;
  const [demoUser] = await app.get(DataSource).query('SELECT 1 FROM "user" WHERE email = $1 AND deleted_at IS NULL', [DEMO_ADMIN.email]);
  say(
    [
      '',
      `  API          ${url}  (admin: ${url}/admin, store: ${url}/store)`,
      `  API docs     ${url}/docs  (OpenAPI JSON: ${url}/docs-json)`,
      `  Health       ${url}/health`,
      embeddedPort ? `  Database     embedded PostgreSQL on port ${embeddedPort}${seeded ? ', demo data seeded' : ''}` : '  Database     DATABASE_URL',
      demoUser && (embeddedPort || seeded)
        ? `  Admin login  ${DEMO_ADMIN.email} / ${config.isProduction ? '(the SEED_ADMIN_PASSWORD given)' : DEMO_ADMIN.password}  (POST ${url}/admin/auth)`
        : // The compiled CLI: `npm run user` needs the nest CLI, which the Docker image does not have.
          '  Admin login  create one with: node dist/src/cli/user.js --email you@example.com --password <password>',
      '',
    ].join('\n'),
  );
}

const shutdown = new GracefulShutdown(say).installSignalHandlers();
bootstrap(shutdown).catch(async (err) => {
  if (shutdown.isClosing) return; // a signal arrived during boot; its handler exits
  process.stderr.write(`Failed to start: ${err instanceof StartupError ? err.message : (err?.stack ?? err)}\n`);
  await shutdown.close();
  process.exit(1);
});
