import type { EntityManager, EntityTarget, ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { CountedTable, liveRowCount } from '../database/live-row-count';
import type { DateComparisonOperator } from './find-params.dto';
import { escapeLike, listPage } from './list-query';
import { QueryConfig, QueryConfigOptions, type FindConfig } from './query-config.decorator';

/**
 * How one validated query value becomes a condition of a list's WHERE. `column` defaults to
 * the filter's own key; `{a}` in `sql` is the list's alias, `:value` (`:...value` for an
 * array) the value.
 * - `equals`: a scalar `=`, null `IS NULL`, an array `IN` (an empty array matches nothing);
 * - `anyOf`: an array `IN`, and an empty array is no condition (Medusa's `id[]=` with nothing);
 * - `lowered`: `= lower(value)`, for columns stored lower-cased (emails, currency codes);
 * - `dates`: `{ lt, gt, lte, gte }` as ranges, null `IS NULL`;
 * - `sql`: any other condition, spelled out (EXISTS on a join table, ...); skipped for
 *   undefined and for an empty array.
 */
export type ListFilter =
  | { op: 'equals'; column?: string }
  | { op: 'anyOf'; column?: string }
  | { op: 'lowered'; column?: string }
  | { op: 'dates'; column?: string }
  | { op: 'sql'; sql: string };

/**
 * `q`: an OR of `ILIKE '%q%'` over the root's `columns`, or one condition spelled out in `sql`
 * (`:q` is `%q%`, LIKE wildcards escaped).
 */
type ListSearch = { columns: readonly string[] } | { sql: string };

/**
 * How the list's `count` is found:
 * - `filtered` (default 'separate'): a `COUNT` beside the page, or 'window' for
 *   `COUNT(*) OVER ()` in the page's own statement (a selective search then runs once; not
 *   for unfiltered lists, where an index on the order column stops at the page at once);
 * - `searched` (default: `filtered`): the same choice when `q` is given;
 * - `tally`: with no filter, no `q` and no soft-deleted rows, the live rows the database
 *   keeps counted by triggers (`live_row_count`, see live-row-count.ts) for the rows `where`
 *   selects, instead of a count of the table.
 */
interface ListCount {
  filtered?: 'separate' | 'window';
  searched?: 'separate' | 'window';
  tally?: CountedTable;
}

/**
 * A list route, declared: what the interceptor accepts (`query`: expand, fields, order,
 * limit) and how the validated filters become SQL (compileList). One description per
 * route; `runList` is the one place that turns it into statements.
 */
export interface ListSpec<T extends ObjectLiteral = ObjectLiteral> {
  entity: EntityTarget<T>;
  /** The root's alias in the SQL (`{a}` in filters). */
  alias: string;
  /** The route's `@QueryConfig` (applied by `@ListRoute`); `isList` where Medusa keeps `created_at` with `fields`. */
  query: QueryConfigOptions;
  /** The root's columns the page reads (all by default); for lists whose rows the caller reads again by id. */
  columns?: readonly string[];
  /** A condition every row of this list meets (store products: published only). */
  where?: string;
  filters: Readonly<Record<string, ListFilter>>;
  q?: ListSearch;
  /**
   * The order: `config.order`, or `defaultOrder` when none is asked for (the interceptor's
   * default otherwise), then `id` in `tieBreaker` direction so that pages are stable;
   * `fixedOrder` instead ignores what was asked for. `orderSql` spells out keys that are not
   * the root's columns (an aggregate over a relation).
   */
  tieBreaker?: 'ASC' | 'DESC';
  defaultOrder?: Readonly<Record<string, 'ASC' | 'DESC'>>;
  fixedOrder?: Readonly<Record<string, 'ASC' | 'DESC'>>;
  orderSql?: Readonly<Record<string, (direction: 'ASC' | 'DESC') => string>>;
  /** A filter whose presence lists soft-deleted rows too (`deleted_at`). */
  includeDeletedWith?: string;
  /**
   * How a page's relations load: 'query' (TypeORM's query per relation), 'json-tree' (one
   * JSON-tree statement for the page, see listPage) or 'none' (the caller loads them).
   */
  relationLoad: 'query' | 'json-tree' | 'none';
  count?: ListCount;
}

/** A list's SQL for one request, before it runs (pageQueryBuilder(...).getQuery() prints the statement). */
export interface CompiledList {
  /** Conditions, AND-ed. */
  where: string[];
  params: Record<string, unknown>;
  /** SQL expressions with their direction, in order. */
  order: Array<[string, 'ASC' | 'DESC']>;
  withDeleted: boolean;
  count: 'separate' | 'window' | { tally: CountedTable };
}

/** At run time: per search column, a part of `q` for the trigram index (see trigram-search), and relations other than config's. */
export interface ListRunOptions {
  indexTerms?: Readonly<Record<string, string>>;
  relations?: readonly string[];
  /** The root's columns to read instead of the spec's. */
  columns?: readonly string[];
}

const PARAM_NAME = /[^a-zA-Z0-9_]/g;

function filterSql(filter: ListFilter, key: string, alias: string, value: unknown, params: Record<string, unknown>): string | undefined {
  const param = `f_${key.replace(PARAM_NAME, '_')}`;
  if (value === undefined) return undefined;
  if (filter.op === 'sql') {
    if (Array.isArray(value) && value.length === 0) return undefined;
    params[param] = value;
    const sql = filter.sql.replace(/\{a\}/g, alias).replace(/:(\.\.\.)?value\b/g, (_m, spread: string | undefined) => `:${spread ?? ''}${param}`);
    return `(${sql})`;
  }
  const column = `${alias}.${filter.column ?? key}`;
  if (filter.op === 'dates') {
    if (value === null) return `${column} IS NULL`;
    const range = value as DateComparisonOperator;
    const parts: string[] = [];
    for (const [name, op] of [
      ['lt', '<'],
      ['gt', '>'],
      ['lte', '<='],
      ['gte', '>='],
    ] as const) {
      if (range[name] === undefined) continue;
      params[`${param}_${name}`] = range[name];
      parts.push(`${column} ${op} :${param}_${name}`);
    }
    return parts.length ? parts.join(' AND ') : undefined;
  }
  if (filter.op === 'lowered') {
    params[param] = value;
    return `${column} = lower(:${param})`;
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return filter.op === 'anyOf' ? undefined : 'false';
    params[param] = value;
    return `${column} IN (:...${param})`;
  }
  if (value === null) return `${column} IS NULL`;
  params[param] = value;
  return `${column} = :${param}`;
}

function searchSql(search: ListSearch, alias: string, q: string, indexTerms: Readonly<Record<string, string>>, params: Record<string, unknown>): string {
  params.q = `%${escapeLike(q)}%`;
  if ('sql' in search) return `(${search.sql.replace(/\{a\}/g, alias)})`;
  const ors = search.columns.map((column, i) => {
    const indexTerm = indexTerms[column];
    if (!indexTerm || indexTerm === q) return `${alias}.${column} ILIKE :q`;
    // The index is asked for the uncommon part only; `|| ''` keeps it from also looking up the full `%q%`.
    params[`q_index_${i}`] = `%${escapeLike(indexTerm)}%`;
    return `(${alias}.${column} ILIKE :q_index_${i} AND (${alias}.${column} || '') ILIKE :q)`;
  });
  return `(${ors.join(' OR ')})`;
}

/**
 * The SQL of one request to a list: the spec's conditions for the filters given (keys the
 * spec does not name are ignored: the DTO validated them for something else), `q`, the
 * order and how it is counted. Pure: nothing runs.
 */
export function compileList(spec: ListSpec, filters: Readonly<Record<string, unknown>>, config: FindConfig, options: ListRunOptions = {}): CompiledList {
  const params: Record<string, unknown> = {};
  const where: string[] = spec.where ? [`(${spec.where})`] : [];
  let filtered = false;
  for (const [key, filter] of Object.entries(spec.filters)) {
    const condition = filterSql(filter, key, spec.alias, filters[key], params);
    if (condition) {
      where.push(condition);
      filtered = true;
    }
  }
  const q = typeof filters.q === 'string' && filters.q !== '' ? filters.q : undefined;
  if (q !== undefined && spec.q) where.push(searchSql(spec.q, spec.alias, q, options.indexTerms ?? {}, params));
  const withDeleted = spec.includeDeletedWith !== undefined && filters[spec.includeDeletedWith] !== undefined;

  const asked = spec.fixedOrder ?? (Object.keys(config.order).length > 0 ? config.order : (spec.defaultOrder ?? config.order));
  const orderBy = { ...asked };
  if (spec.tieBreaker && orderBy.id === undefined) orderBy.id = spec.tieBreaker;
  const order = Object.entries(orderBy).map(([key, direction]): [string, 'ASC' | 'DESC'] => {
    const expression = spec.orderSql?.[key];
    return [expression ? expression(direction) : `${spec.alias}.${key}`, direction];
  });

  const countSpec = spec.count ?? {};
  const count =
    countSpec.tally && !filtered && q === undefined && !withDeleted
      ? { tally: countSpec.tally }
      : q !== undefined
        ? (countSpec.searched ?? countSpec.filtered ?? 'separate')
        : (countSpec.filtered ?? 'separate');
  return { where, params, order, withDeleted, count };
}

/** The query builder for a compiled list's page (`.getQuery()` prints it); relations are added by runList. */
export function pageQueryBuilder<T extends ObjectLiteral>(
  manager: EntityManager,
  spec: ListSpec<T>,
  compiled: CompiledList,
  config: FindConfig,
  columns: readonly string[] | undefined = spec.columns,
): SelectQueryBuilder<T> {
  const qb = manager.getRepository(spec.entity).createQueryBuilder(spec.alias);
  if (columns) qb.select(columns.map((column) => `${spec.alias}.${column}`));
  if (compiled.where.length > 0) qb.where(compiled.where.join(' AND '), compiled.params);
  for (const [expression, direction] of compiled.order) qb.addOrderBy(expression, direction);
  if (compiled.withDeleted) qb.withDeleted();
  return qb.skip(config.skip).take(config.take);
}

/**
 * One page of the list `spec` describes and its total: the page statement (with its
 * count, or beside it), then the page's relations as the spec says.
 */
export async function runList<T extends ObjectLiteral>(
  manager: EntityManager,
  spec: ListSpec<T>,
  filters: Readonly<Record<string, unknown>>,
  config: FindConfig,
  options: ListRunOptions = {},
): Promise<[T[], number]> {
  const compiled = compileList(spec, filters, config, options);
  const query = pageQueryBuilder(manager, spec, compiled, config, options.columns);
  const { count } = compiled;
  return listPage(manager.getRepository(spec.entity), {
    query,
    config,
    relations: spec.relationLoad === 'none' ? [] : (options.relations ?? config.relations),
    relationLoad: spec.relationLoad === 'json-tree' ? 'json-tree' : 'query',
    count: typeof count === 'object' ? () => liveRowCount(manager, count.tally) : count,
  });
}

/** The `@QueryConfig` of a list route: its spec's. */
export const ListRoute = (spec: Pick<ListSpec, 'query'>) => QueryConfig(spec.query);
