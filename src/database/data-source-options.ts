import { join } from 'path';
import type { DataSourceOptions } from 'typeorm';
import { RedactingQueryLogger } from '../common/database/redacting-query-logger';
import type { DatabaseConfig } from '../config/configuration';

export type PoolSettings = Pick<DatabaseConfig, 'poolSize' | 'connectTimeoutMs' | 'logQueries'>;

const DEFAULT_POOL: PoolSettings = { poolSize: 10, connectTimeoutMs: 5000, logQueries: false };

/**
 * The one TypeORM configuration: used by the app (AppModule.forRoot), the migrations, the
 * TypeORM CLI (ormconfig.ts) and the test harness. Entities and migrations are found by
 * file pattern so a new resource module only adds files. `synchronize` is never on: the
 * schema comes from migrations.
 */
export function buildDataSourceOptions(url: string, pool: PoolSettings = DEFAULT_POOL): DataSourceOptions {
  const root = join(__dirname, '..');
  const levels: Array<'query' | 'error'> = pool.logQueries ? ['query', 'error'] : ['error'];
  return {
    type: 'postgres',
    url,
    entities: [join(root, '**/*.entity.{ts,js}'), join(root, '**/*.entities.{ts,js}')],
    migrations: [join(__dirname, 'migrations/*.{ts,js}')],
    migrationsTableName: 'migrations',
    synchronize: false,
    migrationsRun: false,
    invalidWhereValuesBehavior: { null: 'throw', undefined: 'throw' },
    extra: {
      max: pool.poolSize,
      connectionTimeoutMillis: pool.connectTimeoutMs,
      idleTimeoutMillis: 30000,
      application_name: 'medusa-compatible-api',
    },
    logging: levels,
    logger: new RedactingQueryLogger(levels),
  } as DataSourceOptions;
}
