import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { loadConfig } from './src/config/configuration';
import { buildDataSourceOptions } from './src/database/data-source-options';

/** For the TypeORM CLI (`npm run typeorm`, `migration:run`, `migration:revert`): the app's own configuration. */
const { database } = loadConfig();
export default new DataSource(buildDataSourceOptions(database.url ?? 'postgres://postgres@127.0.0.1:5432/medusa', database));
