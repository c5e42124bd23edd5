import { DataSource } from 'typeorm';
import { buildDataSourceOptions } from '../../../src/database/data-source-options';
import { createTestDatabase, dropTestDatabase } from '../../helpers/app';
import { databaseUrl } from '../../helpers/db-urls';

/**
 * The schema comes only from migrations; this is the drift check: after running every
 * migration, TypeORM finds nothing to change between the entities and the database
 * (what `migration:generate --check` reports).
 */
describe('Migrations', () => {
  let name: string;
  let dataSource: DataSource;

  beforeAll(async () => {
    name = await createTestDatabase();
    dataSource = new DataSource({ ...buildDataSourceOptions(databaseUrl(process.env.TEST_PG_SERVER_URL!, name)), extra: { max: 1 } } as never);
    await dataSource.initialize();
  });
  afterAll(async () => {
    await dataSource.destroy();
    await dropTestDatabase(name);
  });

  it('leave no difference between the entities and the schema', async () => {
    const pending = await dataSource.driver.createSchemaBuilder().log();
    expect(pending.upQueries.map((q) => q.query)).toEqual([]);
  });

  it('have all been applied to the template', async () => {
    expect(await dataSource.showMigrations()).toBe(false);
  });
});
