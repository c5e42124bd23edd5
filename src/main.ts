import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { existsSync } from 'fs';
import { Logger } from 'nestjs-pino';
import { join } from 'path';
import { AppModule } from './app.module';
import { configureApp } from './bootstrap';
import { loadConfig } from './config/configuration';
import { EmbeddedDatabase, startEmbeddedPostgres } from './database/embedded-postgres';
import { runMigrations } from './database/migrate';
import { SeedService } from './modules/seed/seed.service';
import { DEMO_ADMIN } from './modules/seed/demo';

async function bootstrap(): Promise<void> {
  const config = loadConfig();
  let embedded: EmbeddedDatabase | undefined;
  if (!config.databaseUrl) {
    process.stdout.write('No DATABASE_URL: starting the embedded PostgreSQL (data in .data/postgres)...\n');
    embedded = await startEmbeddedPostgres();
    process.env.DATABASE_URL = embedded.url;
  }
  await runMigrations(process.env.DATABASE_URL!);

  const app = await NestFactory.create<NestExpressApplication>(AppModule, { bufferLogs: true, bodyParser: false });
  app.useLogger(app.get(Logger));
  configureApp(app, config);

  const seedFile = join(process.cwd(), 'data', 'seed.json');
  let seeded = false;
  const seeder = app.get(SeedService);
  if ((embedded || config.seedDemo) && existsSync(seedFile) && (config.seedDemo || (await seeder.isEmpty()))) {
    await seeder.seedFromFile(seedFile);
    seeded = true;
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.get(Logger).log(`${signal} received: draining and shutting down`);
    await app.close();
    await embedded?.stop();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen(config.port, config.host);
  const url = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`;
  const lines = [
    '',
    `  API          ${url}  (admin: ${url}/admin, store: ${url}/store)`,
    `  API docs     ${url}/docs  (OpenAPI JSON: ${url}/docs-json)`,
    `  Health       ${url}/health`,
    embedded ? `  Database     embedded PostgreSQL on port ${embedded.port}${seeded ? ', demo data seeded' : ''}` : '  Database     DATABASE_URL',
    embedded || seeded ? `  Admin login  ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}` : '  Admin login  create one with: npm run user -- --email E --password P',
    '',
  ];
  process.stdout.write(lines.join('\n') + '\n');
}

bootstrap().catch((err) => {
  process.stderr.write(`Failed to start: ${err?.stack ?? err}\n`);
  process.exit(1);
});
