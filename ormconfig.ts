import 'reflect-metadata';
import { join } from 'path';
import { DataSource, DataSourceOptions } from 'typeorm';
import { RedactingQueryLogger } from './src/common/database/redacting-query-logger';

/**
 * The one TypeORM configuration: used by the app (through TypeOrmModule), the CLI
 * (`npm run typeorm -- migration:run`), the seed command and the test harness.
 * Entities and migrations are found by file pattern so a new resource module only adds
 * files. `synchronize` is never on: the schema comes from migrations.
 */
export function buildDataSourceOptions(url = process.env.DATABASE_URL): DataSourceOptions {
  if (!url) throw new Error('DATABASE_URL is not set');
  const poolSize = Number(process.env.DB_POOL_SIZE ?? 10);
  return {
    type: 'postgres',
    url,
    entities: [join(__dirname, 'src/**/*.entity.{ts,js}'), join(__dirname, 'src/**/*.entities.{ts,js}')],
    migrations: [join(__dirname, 'src/database/migrations/*.{ts,js}')],
    migrationsTableName: 'migrations',
    synchronize: false,
    migrationsRun: false,
    invalidWhereValuesBehavior: { null: 'throw', undefined: 'throw' },
    extra: {
      max: poolSize,
      connectionTimeoutMillis: Number(process.env.DB_CONNECT_TIMEOUT_MS ?? 5000),
      idleTimeoutMillis: 30000,
      application_name: 'medusa-compatible-api',
    },
    logging: process.env.DB_LOG_QUERIES === 'true' ? ['query', 'error'] : ['error'],
    logger: new RedactingQueryLogger(process.env.DB_LOG_QUERIES === 'true' ? ['query', 'error'] : ['error']),
  } as DataSourceOptions;
}

/** Default export for the TypeORM CLI. */
export default new DataSource(buildDataSourceOptions(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/medusa'));
