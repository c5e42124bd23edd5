import {
  And,
  Brackets,
  FindOperator,
  FindOptionsOrder,
  FindOptionsRelations,
  FindOptionsSelect,
  FindOptionsWhere,
  ILike,
  In,
  IsNull,
  LessThan,
  LessThanOrEqual,
  MoreThan,
  MoreThanOrEqual,
  ObjectLiteral,
  Raw,
  Repository,
  SelectQueryBuilder,
} from 'typeorm';
import { loadJsonTrees } from '../database/json-tree-loader';
import type { DateComparisonOperator } from './find-params.dto';
import type { FindConfig } from './query-config.decorator';
import { toRelations } from './relations';

/** Escapes LIKE wildcards so a `q` of "%" searches for a percent sign, not everything. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export function dateOperator(filter: DateComparisonOperator): FindOperator<Date> | undefined {
  const ops: FindOperator<Date>[] = [];
  if (filter.lt) ops.push(LessThan(filter.lt));
  if (filter.gt) ops.push(MoreThan(filter.gt));
  if (filter.lte) ops.push(LessThanOrEqual(filter.lte));
  if (filter.gte) ops.push(MoreThanOrEqual(filter.gte));
  if (ops.length === 0) return undefined;
  return ops.length === 1 ? ops[0] : And(...ops);
}

/**
 * Turns validated filter values into a TypeORM where clause: arrays become IN, date
 * comparison objects become ranges, null becomes IS NULL, scalars equality. Keys whose
 * value is undefined are dropped. Only keys the caller passes are used: the DTO decides
 * what is filterable.
 */
export function buildWhere<T>(filters: Record<string, unknown>): FindOptionsWhere<T> {
  const where: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(filters)) {
    if (value === undefined) continue;
    if (value === null) where[key] = IsNull();
    else if (Array.isArray(value)) where[key] = In(value);
    else if (value instanceof Date) where[key] = value;
    else if (typeof value === 'object') {
      const op = dateOperator(value as DateComparisonOperator);
      if (op) where[key] = op;
    } else where[key] = value;
  }
  return where as FindOptionsWhere<T>;
}

/**
 * `q` as an OR across columns: one where object per column, each carrying the filters.
 * `indexTerms` may name, per column, a part of `q` for the trigram index to look up
 * (narrowSearchTerm); the full `%q%` is then checked on the rows found, through an
 * expression the index cannot serve, so PostgreSQL does not also look it up.
 */
export function withSearch<T>(
  where: FindOptionsWhere<T>,
  q: string | undefined,
  columns: string[],
  indexTerms: Readonly<Record<string, string>> = {},
): FindOptionsWhere<T>[] | FindOptionsWhere<T> {
  if (!q) return where;
  const pattern = `%${escapeLike(q)}%`;
  return columns.map((column, i) => {
    const indexTerm = indexTerms[column];
    if (!indexTerm || indexTerm === q) return { ...where, [column]: ILike(pattern) } as FindOptionsWhere<T>;
    const params = { [`q_index_${i}`]: `%${escapeLike(indexTerm)}%`, [`q_full_${i}`]: pattern };
    const narrowed = Raw((alias) => `${alias} ILIKE :q_index_${i} AND (${alias} || '') ILIKE :q_full_${i}`, params);
    return { ...where, [column]: narrowed } as FindOptionsWhere<T>;
  });
}

/** Applies `q` to a query builder as an OR across columns, parameterised. */
export function applySearch<T extends ObjectLiteral>(qb: SelectQueryBuilder<T>, q: string | undefined, columns: string[]): SelectQueryBuilder<T> {
  if (!q) return qb;
  return qb.andWhere(
    new Brackets((b) => {
      for (const column of columns) b.orWhere(`${column} ILIKE :q`, { q: `%${escapeLike(q)}%` });
    }),
  );
}

/**
 * Where a list's rows come from: find options, or a query builder on the list's repository
 * with its filters applied (for SQL find options cannot say); listPage adds the order and the page.
 */
type ListSource<T extends ObjectLiteral> =
  { where: FindOptionsWhere<T> | FindOptionsWhere<T>[]; query?: never } | { query: SelectQueryBuilder<T>; where?: never };

export type ListPageOptions<T extends ObjectLiteral> = ListSource<T> & {
  /** The page (skip, take) and, unless overridden here, its order and relations. */
  config: FindConfig;
  /** The page's order instead of config.order (e.g. with a tie-breaker on id); columns of the root entity. */
  order?: FindConfig['order'];
  /** Relations to load instead of config.relations ([] when the caller loads them itself). */
  relations?: readonly string[];
  /**
   * How the relations load. 'query' (default): TypeORM's query per relation after the page,
   * so paging never runs a DISTINCT over a join fan-out. 'json-tree': for relations that
   * are trees (to-many under to-many), the page without relations, then the page's
   * relations in one JSON-tree statement, in the page's order; TypeORM builds, runs and
   * hydrates a query per relation (for 20 discounts with their rule, conditions and
   * regions, about 3.5 ms of CPU per request).
   */
  relationLoad?: 'query' | 'json-tree';
  /**
   * How the total is counted. 'separate' (default): a COUNT query beside the page query.
   * 'window': `COUNT(*) OVER ()` in the page's own statement, so a selective filter (a `q`
   * search: a trigram index scan, at a million rows most of the request's cost) runs
   * once. Not for unfiltered lists: the window makes PostgreSQL read every matching row
   * before it can stop at the page, where an index on the order column stops at once.
   * Not with a where that joins relations (TypeORM then pages in two statements).
   * A function: the total from elsewhere (a count the database keeps), for a list whose
   * where adds nothing the function does not know.
   */
  count?: 'separate' | 'window' | (() => Promise<number>);
  /** Include soft-deleted rows. */
  withDeleted?: boolean;
  /** The root entity's columns to read (find options only); relations keep all of theirs. */
  select?: FindOptionsSelect<T>;
};

/** One page of a list and the total number of rows matching its filters. */
export async function listPage<T extends ObjectLiteral>(repo: Repository<T>, options: ListPageOptions<T>): Promise<[T[], number]> {
  const relations = options.relations ?? options.config.relations;
  const jsonTree = options.relationLoad === 'json-tree';
  const query = pageQuery(repo, options, jsonTree ? [] : relations);
  const counted = options.count;
  const [page, count] =
    typeof counted === 'function'
      ? [await query.getMany(), await counted()]
      : counted === 'window'
        ? await pageWithWindowCount(query, options.config)
        : await query.getManyAndCount();
  return [jsonTree ? await withRelationsInOrder(repo, page, relations) : page, count];
}

function pageQuery<T extends ObjectLiteral>(repo: Repository<T>, options: ListPageOptions<T>, relations: readonly string[]): SelectQueryBuilder<T> {
  const { config } = options;
  const order = options.order ?? config.order;
  const relationOptions = { relations: toRelations(relations) as FindOptionsRelations<T>, relationLoadStrategy: 'query' } as const;
  const query = options.query;
  if (!query) {
    return repo.createQueryBuilder(repo.metadata.name).setFindOptions({
      ...relationOptions,
      where: options.where,
      select: options.select,
      order: order as FindOptionsOrder<T>,
      skip: config.skip,
      take: config.take,
      withDeleted: options.withDeleted,
    });
  }
  for (const [column, direction] of Object.entries(order)) query.addOrderBy(`${query.alias}.${column}`, direction);
  if (relations.length > 0) query.setFindOptions(relationOptions);
  if (options.withDeleted) query.withDeleted();
  return query.skip(config.skip).take(config.take);
}

async function pageWithWindowCount<T extends ObjectLiteral>(query: SelectQueryBuilder<T>, config: FindConfig): Promise<[T[], number]> {
  const { entities, raw } = await query.addSelect('COUNT(*) OVER ()', 'page_total_count').getRawAndEntities<{ page_total_count: string }>();
  if (raw.length > 0) return [entities, Number(raw[0].page_total_count)];
  // An empty page carries no count: nothing matched, or the offset is past the end.
  return [entities, config.skip === 0 ? 0 : await query.getCount()];
}

/** The page's rows with `relations` from one JSON-tree statement, in the page's order; a row deleted in between drops out. */
async function withRelationsInOrder<T extends ObjectLiteral>(repo: Repository<T>, page: T[], relations: readonly string[]): Promise<T[]> {
  if (page.length === 0 || relations.length === 0) return page;
  const primary = repo.metadata.primaryColumns[0].propertyName;
  const ids = page.map((row) => row[primary]);
  const loaded = await loadJsonTrees(repo.manager, repo.target, ids, relations);
  const byId = new Map(loaded.map((row) => [row[primary], row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export interface ListResponse {
  count: number;
  offset: number;
  limit: number;
}

export function listEnvelope<K extends string, T>(key: K, rows: T[], count: number, config: FindConfig): Record<K, T[]> & ListResponse {
  return { [key]: rows, count, offset: config.skip, limit: config.take } as Record<K, T[]> & ListResponse;
}
