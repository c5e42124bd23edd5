import { DatabaseError } from 'pg';
import type { PoolClient } from 'pg';
import { EntityManager, EntityMetadata, EntityTarget, ObjectLiteral, QueryFailedError, QueryRunnerAlreadyReleasedError } from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';
import type { RelationMetadata } from 'typeorm/metadata/RelationMetadata';
import { LruMap } from './lru-map';
import { namesStatements, poolOf, runNamedStatement, treeStatementName } from './pg-internals';

/**
 * Loads entities with a tree of relations in ONE query: PostgreSQL assembles each root and
 * its relations as JSON (correlated sub-selects with row_to_json / json_agg), and Node only
 * parses that JSON and hydrates it into entities exactly as TypeORM's find would
 * (same property names, same value conversions via the driver, soft-deleted rows left
 * out at every level, `null` for a missing to-one relation, `[]` for an empty to-many).
 *
 * Why: TypeORM's query building and row hydration cost several milliseconds of CPU per
 * request for a cart or a product page (one wide join per relation group, then grouping
 * the joined rows back into objects). Here the SQL text is built once per relation set
 * and cached; the per-request work is one round trip and a JSON.parse. Both the cache and
 * the statements each connection keeps prepared are bounded (least recently used first
 * out: see pg-internals/connection-statements.ts), since clients choose the relation sets.
 *
 * Order of roots is the database's; to-many children are ordered by their entity's
 * `orderBy` (when it declares one), then by primary key. Callers
 * that need another order sort afterwards, as they do for TypeORM's results.
 */

interface ColumnPlan {
  column: ColumnMetadata;
  property: string;
  /** How a JSON value becomes the entity's (see hydrationOf). */
  hydration: 'as-is' | 'date' | 'driver';
}

interface NodePlan {
  metadata: EntityMetadata;
  columns: ColumnPlan[];
  children: { relation: RelationMetadata; property: string; many: boolean; plan: NodePlan }[];
}

interface RelationTree {
  [property: string]: RelationTree;
}

interface CompiledQuery {
  /** A server-side prepared statement name: the SQL text (kilobytes) is sent and planned once per connection. */
  name: string;
  sql: string;
  plan: NodePlan;
}

export interface JsonTreeOptions {
  /** Values read by the same statement, in the same snapshot, kept on each root (attachedValue). */
  attach?: readonly TreeAttachment[];
}

/**
 * A value a tree query reads alongside its roots: `sql` is an uncorrelated scalar
 * sub-select (a parenthesised SELECT yielding one text value); it is kept on each root
 * under `key`, a symbol, so it never reaches a response body.
 */
export interface TreeAttachment {
  key: symbol;
  sql: string;
}

/** The value of `attachment` a root was loaded with (loadJsonTrees with `attach`), if any. */
export function attachedValue(entity: object, attachment: TreeAttachment): string | undefined {
  return (entity as Record<symbol, string | undefined>)[attachment.key];
}

const attachmentAlias = (index: number) => `__attached_${index}`;

const ROW_VERSION_ALIAS = '__row_version';

/**
 * Compiled queries per root entity. The routes' relation sets are a few per entity; the
 * bound is for the sets clients choose with `expand`.
 */
const MAX_COMPILED_PER_ENTITY = 128;

const compiled = new WeakMap<EntityMetadata, LruMap<string, CompiledQuery>>();

/** Numeric-like types pg returns as strings: select them as text so JSON keeps the exact digits. */
const TEXT_TYPES = new Set(['numeric', 'decimal', 'bigint', 'int8', 'money']);

function q(identifier: string): string {
  return `"${identifier.replace(/"/g, '""')}"`;
}

function tableOf(metadata: EntityMetadata): string {
  return metadata.schema ? `${q(metadata.schema)}.${q(metadata.tableName)}` : q(metadata.tableName);
}

function buildTree(metadata: EntityMetadata, paths: readonly string[]): RelationTree {
  const tree: RelationTree = {};
  for (const path of paths) {
    let node = tree;
    let current = metadata;
    for (const segment of path.split('.')) {
      const relation = current.findRelationWithPropertyPath(segment);
      if (!relation) throw new Error(`Unknown relation ${path} on ${metadata.name}`);
      node = node[segment] ??= {};
      current = relation.inverseEntityMetadata;
    }
  }
  return tree;
}

function selectableColumns(metadata: EntityMetadata): ColumnPlan[] {
  if (metadata.embeddeds.length > 0 || metadata.discriminatorColumn) {
    throw new Error(`${metadata.name}: embedded columns and inheritance are not supported by the JSON tree loader`);
  }
  return metadata.columns
    .filter((c) => !c.isVirtual && c.isSelect !== false)
    .map((column) => ({ column, property: column.propertyName, hydration: hydrationOf(column) }));
}

/** Column types whose JSON value PostgresDriver.prepareHydratedValue hands back unchanged. */
const AS_IS_TYPES = new Set([
  'character varying',
  'varchar',
  'text',
  'integer',
  'int',
  'int4',
  'smallint',
  'boolean',
  'bool',
  'jsonb',
  'json',
  'real',
  'float4',
  'double precision',
  'uuid',
]);
/** Column types it turns from an ISO string into a Date (DateUtils.normalizeHydratedDate). */
const DATE_TYPES = new Set(['timestamp with time zone', 'timestamptz', 'timestamp', 'timestamp without time zone', 'datetime']);

/**
 * Decided once per column instead of per value: the driver's conversion walks a chain of
 * type comparisons for every value, and for most columns of a cart tree it returns the
 * value as it is. Columns with a transformer, arrays and other types keep the driver's.
 */
function hydrationOf(column: ColumnMetadata): ColumnPlan['hydration'] {
  if (column.transformer || column.isArray || typeof column.type !== 'string') return 'driver';
  if (AS_IS_TYPES.has(column.type)) return 'as-is';
  if (DATE_TYPES.has(column.type)) return 'date';
  return 'driver';
}

class SqlBuilder {
  private aliasCount = 0;

  nextAlias(): string {
    return `t${this.aliasCount++}`;
  }

  /** The select list of one entity row: its columns, then one sub-select per relation. */
  selectList(metadata: EntityMetadata, alias: string, tree: RelationTree): { sql: string; plan: NodePlan } {
    const columns = selectableColumns(metadata);
    const parts = columns.map(({ column, property }) => {
      const cast = TEXT_TYPES.has(String(column.type)) ? '::text' : '';
      return `${alias}.${q(column.databaseName)}${cast} AS ${q(property)}`;
    });
    const children: NodePlan['children'] = [];
    for (const [property, subtree] of Object.entries(tree)) {
      const relation = metadata.findRelationWithPropertyPath(property)!;
      const child = this.relationSubquery(relation, alias, subtree);
      parts.push(`(${child.sql}) AS ${q(property)}`);
      children.push({ relation, property, many: relation.isOneToMany || relation.isManyToMany, plan: child.plan });
    }
    return { sql: parts.join(', '), plan: { metadata, columns, children } };
  }

  private relationSubquery(relation: RelationMetadata, parentAlias: string, tree: RelationTree): { sql: string; plan: NodePlan } {
    const target = relation.inverseEntityMetadata;
    const alias = this.nextAlias();
    const rowAlias = this.nextAlias();
    const { sql: select, plan } = this.selectList(target, alias, tree);
    const conditions: string[] = [];
    let from = `${tableOf(target)} ${alias}`;

    if (relation.isManyToOne || (relation.isOneToOne && relation.isOwning)) {
      for (const jc of relation.joinColumns) conditions.push(`${alias}.${q(jc.referencedColumn!.databaseName)} = ${parentAlias}.${q(jc.databaseName)}`);
    } else if (relation.isOneToMany || relation.isOneToOne) {
      for (const jc of relation.inverseRelation!.joinColumns)
        conditions.push(`${alias}.${q(jc.databaseName)} = ${parentAlias}.${q(jc.referencedColumn!.databaseName)}`);
    } else {
      const junction = relation.junctionEntityMetadata!;
      const junctionAlias = this.nextAlias();
      // The junction's owner columns point at the owning side of the many-to-many.
      const toParent = relation.isOwning ? junction.ownerColumns : junction.inverseColumns;
      const toTarget = relation.isOwning ? junction.inverseColumns : junction.ownerColumns;
      from += ` INNER JOIN ${tableOf(junction)} ${junctionAlias} ON ${toTarget
        .map((c) => `${junctionAlias}.${q(c.databaseName)} = ${alias}.${q(c.referencedColumn!.databaseName)}`)
        .join(' AND ')}`;
      for (const c of toParent) conditions.push(`${junctionAlias}.${q(c.databaseName)} = ${parentAlias}.${q(c.referencedColumn!.databaseName)}`);
    }
    if (target.deleteDateColumn) conditions.push(`${alias}.${q(target.deleteDateColumn.databaseName)} IS NULL`);

    if (relation.isOneToMany || relation.isManyToMany) {
      // The entity's own order (`@Entity({ orderBy })`, as TypeORM's queries apply it) comes
      // first, read through hidden sort keys (hydration only takes the planned columns).
      const keys = Object.entries(target.orderBy ?? {}).map(([path, direction], i) => ({
        sql: `${alias}.${q(target.findColumnWithPropertyPath(path)!.databaseName)} AS ${q(`__order_${i}`)}`,
        order: `${rowAlias}.${q(`__order_${i}`)} ${typeof direction === 'string' ? direction : direction.order}`,
      }));
      const inner = `SELECT ${[select, ...keys.map((k) => k.sql)].join(', ')} FROM ${from} WHERE ${conditions.join(' AND ')}`;
      const order = [...keys.map((k) => k.order), ...target.primaryColumns.map((c) => `${rowAlias}.${q(c.propertyName)}`)].join(', ');
      return { sql: `SELECT coalesce(json_agg(row_to_json(${rowAlias}) ORDER BY ${order}), '[]'::json) FROM (${inner}) ${rowAlias}`, plan };
    }
    const inner = `SELECT ${select} FROM ${from} WHERE ${conditions.join(' AND ')}`;
    return { sql: `SELECT row_to_json(${rowAlias}) FROM (${inner} LIMIT 1) ${rowAlias}`, plan };
  }
}

/**
 * `single`: one id, compared with `=`. A prepared statement soon runs on a generic plan,
 * which cannot see how many ids `= ANY($1)` holds; on a small table (carts in a young
 * store) it then preferred a sequential scan to the primary key.
 */
function compile(
  metadata: EntityMetadata,
  relations: readonly string[],
  single: boolean,
  rowVersion: boolean,
  attach: readonly TreeAttachment[],
): CompiledQuery {
  const attached = attach.map((a) => a.sql).join('|');
  const key = `${single ? 'one' : 'many'}${rowVersion ? '+version' : ''}:${[...new Set(relations)].sort().join(',')}${attached ? `+${attached}` : ''}`;
  let byRelations = compiled.get(metadata);
  if (!byRelations) compiled.set(metadata, (byRelations = new LruMap(MAX_COMPILED_PER_ENTITY)));
  const cached = byRelations.get(key);
  if (cached) return cached;

  if (metadata.primaryColumns.length !== 1) throw new Error(`${metadata.name}: the JSON tree loader needs a single-column primary key`);
  const builder = new SqlBuilder();
  const alias = builder.nextAlias();
  const rowAlias = builder.nextAlias();
  const { sql: columns, plan } = builder.selectList(metadata, alias, buildTree(metadata, relations));
  let select = rowVersion ? `${columns}, ${alias}.xmin::text AS ${q(ROW_VERSION_ALIAS)}` : columns;
  attach.forEach((a, i) => (select += `, ${a.sql} AS ${q(attachmentAlias(i))}`));
  const where = [`${alias}.${q(metadata.primaryColumns[0].databaseName)} ${single ? '= $1' : '= ANY($1)'}`];
  if (metadata.deleteDateColumn) where.push(`${alias}.${q(metadata.deleteDateColumn.databaseName)} IS NULL`);
  const sql = `SELECT row_to_json(${rowAlias})::text AS tree FROM (SELECT ${select} FROM ${tableOf(metadata)} ${alias} WHERE ${where.join(' AND ')}) ${rowAlias}`;
  const query = { name: treeStatementName(), sql, plan };
  byRelations.set(key, query);
  return query;
}

function hydrate(manager: EntityManager, plan: NodePlan, raw: Record<string, unknown>): ObjectLiteral {
  const entity = plan.metadata.create(undefined, { fromDeserializer: true }) as ObjectLiteral;
  const driver = manager.connection.driver;
  for (const { column, property, hydration } of plan.columns) {
    let value = raw[property];
    if (value === undefined) continue;
    if (hydration === 'date') {
      if (typeof value === 'string' && value) value = new Date(value);
    } else if (hydration === 'driver' && !(column.isArray && value !== null)) {
      // pg hands enum arrays over as '{a,b}' text, which the driver parses; JSON already has the array.
      value = driver.prepareHydratedValue(value, column);
    }
    // Plain columns only (no embeddeds, none virtual): what column.setEntityValue does for them.
    entity[property] = value;
  }
  for (const child of plan.children) {
    const value = raw[child.property];
    const hydrated = child.many
      ? ((value as Record<string, unknown>[] | null) ?? []).map((row) => hydrate(manager, child.plan, row))
      : value === null || value === undefined
        ? null
        : hydrate(manager, child.plan, value as Record<string, unknown>);
    child.relation.setEntityValue(entity, hydrated);
  }
  return entity;
}

/** A JSON tree as one SQL expression, to embed in a larger statement; see jsonTreeExpression. */
export interface JsonTreeExpression<T> {
  /** A parenthesised scalar sub-select yielding `json` (NULL when no row matches). */
  sql: string;
  /** The entity as loadJsonTrees would give it, from the expression's value (parsed JSON), or null. */
  hydrate(raw: unknown): T | null;
}

/**
 * One `target` row with its `relations`, built by PostgreSQL as JSON exactly as
 * loadJsonTrees builds it, but as an expression inside the caller's statement: `from` is
 * a table or a CTE of that statement (so the row can be one the statement itself inserts,
 * read from its RETURNING) under `alias`, and `where` picks the row (soft-deleted rows
 * are the caller's to exclude). Relation aliases are t0, t1, ...: `alias` must differ.
 */
export function jsonTreeExpression<T extends ObjectLiteral>(
  manager: EntityManager,
  target: EntityTarget<T>,
  relations: readonly string[],
  source: { from: string; alias: string; where?: string },
): JsonTreeExpression<T> {
  const metadata = manager.connection.getMetadata(target);
  if (/^t\d+$/.test(source.alias)) throw new Error(`${source.alias}: the relations' aliases are t0, t1, ...`);
  const builder = new SqlBuilder();
  const rowAlias = builder.nextAlias();
  const { sql: select, plan } = builder.selectList(metadata, source.alias, buildTree(metadata, relations));
  const where = source.where ? ` WHERE ${source.where}` : '';
  return {
    sql: `(SELECT row_to_json(${rowAlias}) FROM (SELECT ${select} FROM ${source.from} ${source.alias}${where} LIMIT 1) ${rowAlias})`,
    hydrate: (raw) => (raw === null || raw === undefined ? null : (hydrate(manager, plan, raw as Record<string, unknown>) as T)),
  };
}

async function runOn(client: PoolClient, query: CompiledQuery, values: unknown[]): Promise<{ tree: string }[]> {
  if (!namesStatements(client)) return (await client.query<{ tree: string }>(query.sql, values)).rows;
  return (await runNamedStatement(client, 'tree', query.name, query.sql, values)).rows;
}

/**
 * Runs the compiled query as a named prepared statement (unnamed when the pool does not
 * name statements: DB_PREPARED_STATEMENTS=false), on the manager's transaction
 * connection when it has one, else on a pooled connection. TypeORM's `query()` cannot
 * name statements; errors are wrapped as TypeORM's are, so the error filter maps them alike.
 */
async function runPrepared(manager: EntityManager, query: CompiledQuery, values: unknown[]): Promise<{ tree: string }[]> {
  const runner = manager.queryRunner;
  if (runner?.isReleased) throw new QueryRunnerAlreadyReleasedError();
  try {
    if (runner) return await runOn((await runner.connect()) as PoolClient, query, values);
    const pool = poolOf(manager.connection);
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      return await runOn(client, query, values);
    } catch (err) {
      // An error the server reported leaves the connection usable; any other ends it (as pool.query does).
      if (!(err instanceof DatabaseError)) broken = err as Error;
      throw err;
    } finally {
      client.release(broken);
    }
  } catch (err) {
    throw new QueryFailedError(query.sql, values, err as Error);
  }
}

/**
 * The entities of `target` whose primary key is one of `ids` (soft-deleted ones left
 * out), each with the relations named by `relations` (dotted paths), in one query.
 */
export async function loadJsonTrees<T extends ObjectLiteral>(
  manager: EntityManager,
  target: EntityTarget<T>,
  ids: readonly unknown[],
  relations: readonly string[],
  options: JsonTreeOptions = {},
): Promise<T[]> {
  return (await loadRoots<T>(manager, target, ids, relations, options, false)).map((root) => root.tree);
}

/** The one entity of `target` with primary key `id` (null when missing or soft-deleted), as loadJsonTrees loads it. */
export async function loadJsonTree<T extends ObjectLiteral>(
  manager: EntityManager,
  target: EntityTarget<T>,
  id: unknown,
  relations: readonly string[],
  options: JsonTreeOptions = {},
): Promise<T | null> {
  const [entity] = await loadJsonTrees(manager, target, [id], relations, options);
  return entity ?? null;
}

/**
 * loadJsonTree, with the root's row version: PostgreSQL's `xmin` (the id of the
 * transaction that last wrote the row), read in the same snapshot as the tree.
 */
export async function loadVersionedJsonTree<T extends ObjectLiteral>(
  manager: EntityManager,
  target: EntityTarget<T>,
  id: unknown,
  relations: readonly string[],
  options: JsonTreeOptions = {},
): Promise<{ tree: T; rowVersion: string } | null> {
  const [root] = await loadRoots<T>(manager, target, [id], relations, options, true);
  return root ? { tree: root.tree, rowVersion: root.rowVersion! } : null;
}

async function loadRoots<T extends ObjectLiteral>(
  manager: EntityManager,
  target: EntityTarget<T>,
  ids: readonly unknown[],
  relations: readonly string[],
  options: JsonTreeOptions,
  rowVersion: boolean,
): Promise<Array<{ tree: T; rowVersion?: string }>> {
  if (ids.length === 0) return [];
  const metadata = manager.connection.getMetadata(target);
  const single = ids.length === 1;
  const attach = options.attach ?? [];
  const query = compile(metadata, relations, single, rowVersion, attach);
  const rows = await runPrepared(manager, query, [single ? ids[0] : ids]);
  return rows.map((row) => {
    const raw = JSON.parse(row.tree) as Record<string, unknown>;
    const tree = hydrate(manager, query.plan, raw) as T;
    attach.forEach((a, i) => Object.defineProperty(tree, a.key, { value: raw[attachmentAlias(i)], enumerable: false }));
    return rowVersion ? { tree, rowVersion: raw[ROW_VERSION_ALIAS] as string } : { tree };
  });
}
