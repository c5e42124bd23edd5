import type { EntityManager, EntityMetadata, EntityTarget, ObjectLiteral } from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';

/**
 * INSERT and UPDATE-by-id for the checkout's hot writes, with the SQL written straight
 * from the entity's metadata (a few string joins; the same text each time, so the
 * prepared-statement registry keeps its plan).
 *
 * TypeORM's `insert()` and `update()` go through the query builder on every call (alias
 * maps, property-name rewriting by regular expressions, listeners and subscribers), and
 * `insert()` then reads the generated columns back: about 0.2-0.3 ms of Node CPU per
 * statement on the 2-core target machine, with seven such statements in a guest
 * checkout. These helpers write the same rows: values go through the driver's
 * `preparePersistentValue` (transformers, JSON columns), ids come from the entity's
 * `@BeforeInsert` listeners, columns left undefined take their database default, and an
 * update sets the `@UpdateDateColumn` to CURRENT_TIMESTAMP as TypeORM does. They do not
 * read generated values back, so the caller's entity has no `created_at`. Entities with
 * other listeners are refused, so a listener is never skipped silently.
 */
export async function insertEntities<T extends ObjectLiteral>(manager: EntityManager, target: EntityTarget<T>, entities: readonly T[]): Promise<void> {
  if (entities.length === 0) return;
  const { sql, values } = insertStatement(manager, target, entities);
  await manager.query(sql, values);
}

/**
 * The INSERT insertEntities sends, for a caller that makes it one part of a larger
 * statement (a data-modifying CTE); its parameters are `$1..$n`, n = `values.length`.
 */
export function insertStatement<T extends ObjectLiteral>(
  manager: EntityManager,
  target: EntityTarget<T>,
  entities: readonly T[],
): { sql: string; values: unknown[] } {
  const metadata = manager.connection.getMetadata(target);
  refuseListeners(metadata, ['afterInsertListeners']);
  for (const entity of entities) for (const listener of metadata.beforeInsertListeners) listener.execute(entity);

  // One column list for all rows: a column any row sets is written for every row (DEFAULT where a row leaves it unset).
  const columns = metadata.columns.filter((column) => !column.isVirtual && entities.some((entity) => column.getEntityValue(entity) !== undefined));
  const driver = manager.connection.driver;
  const values: unknown[] = [];
  const rows = entities.map((entity) => {
    const placeholders = columns.map((column) => {
      const value = column.getEntityValue(entity);
      if (value === undefined) return 'DEFAULT';
      values.push(driver.preparePersistentValue(value, column));
      return `$${values.length}`;
    });
    return `(${placeholders.join(', ')})`;
  });
  return { sql: `INSERT INTO ${tableName(metadata)} (${columns.map((c) => quote(c.databaseName)).join(', ')}) VALUES ${rows.join(', ')}`, values };
}

/**
 * `UPDATE ... SET <changes>, <update date column> = CURRENT_TIMESTAMP WHERE <primary key> = id`.
 * Every key of `changes` must be a column's property name.
 */
export async function updateById<T extends ObjectLiteral>(manager: EntityManager, target: EntityTarget<T>, id: string, changes: Partial<T>): Promise<void> {
  const metadata = manager.connection.getMetadata(target);
  refuseListeners(metadata, ['beforeUpdateListeners', 'afterUpdateListeners']);
  if (metadata.primaryColumns.length !== 1) throw new Error(`${metadata.name}: updateById needs a single-column primary key`);
  const driver = manager.connection.driver;
  const values: unknown[] = [];
  const sets: string[] = [];
  for (const [property, value] of Object.entries(changes)) {
    if (value === undefined) continue;
    const column = columnOf(metadata, property);
    values.push(driver.preparePersistentValue(value, column));
    sets.push(`${quote(column.databaseName)} = $${values.length}`);
  }
  if (metadata.updateDateColumn && !(metadata.updateDateColumn.propertyName in changes)) {
    sets.push(`${quote(metadata.updateDateColumn.databaseName)} = CURRENT_TIMESTAMP`);
  }
  if (sets.length === 0) return;
  values.push(id);
  await manager.query(
    `UPDATE ${tableName(metadata)} SET ${sets.join(', ')} WHERE ${quote(metadata.primaryColumns[0].databaseName)} = $${values.length}`,
    values,
  );
}

type ListenerList = 'afterInsertListeners' | 'beforeUpdateListeners' | 'afterUpdateListeners';

function refuseListeners(metadata: EntityMetadata, lists: ListenerList[]): void {
  for (const list of lists) {
    if (metadata[list].length > 0) throw new Error(`${metadata.name} has ${list}: write it through TypeORM, which runs them`);
  }
}

function columnOf(metadata: EntityMetadata, property: string): ColumnMetadata {
  const column = metadata.columns.find((c) => c.propertyName === property && !c.isVirtual);
  if (!column) throw new Error(`${metadata.name} has no column ${property}`);
  return column;
}

function tableName(metadata: EntityMetadata): string {
  return metadata.schema ? `${quote(metadata.schema)}.${quote(metadata.tableName)}` : quote(metadata.tableName);
}

function quote(identifier: string): string {
  return `"${identifier.replace(/"/g, '""')}"`;
}
