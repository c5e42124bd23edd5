import {
  And,
  Brackets,
  FindManyOptions,
  FindOperator,
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
import { withRelationsInOrder } from '../database/grouped-relations';
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

/** One page plus the total count (a page query and a count query). */
export async function findPage<T extends ObjectLiteral>(
  repo: Repository<T>,
  where: FindOptionsWhere<T> | FindOptionsWhere<T>[],
  config: FindConfig,
  options: { withDeleted?: boolean } = {},
): Promise<[T[], number]> {
  return repo.findAndCount({ ...pageFindOptions(where, config), withDeleted: options.withDeleted });
}

/**
 * One page of `where` as `config` asks. Relations load with separate queries per relation
 * (`relationLoadStrategy: 'query'`) so paging never runs a DISTINCT over a join fan-out.
 */
function pageFindOptions<T extends ObjectLiteral>(where: FindOptionsWhere<T> | FindOptionsWhere<T>[], config: FindConfig): FindManyOptions<T> {
  return {
    where,
    relations: toRelations(config.relations) as never,
    order: config.order as never,
    skip: config.skip,
    take: config.take,
    relationLoadStrategy: 'query',
  };
}

/**
 * findPage for lists whose relations are trees (to-many under to-many): the page and its
 * count without relations, then the page's relations in one JSON-tree statement
 * (findWithGroupedRelations by id), put back in the page's order. TypeORM's own relation
 * loading builds and runs a query per relation and hydrates each: for 20 discounts with
 * their rule, conditions and regions, about 3.5 ms of CPU per request.
 */
export async function findPageThenRelations<T extends ObjectLiteral>(
  repo: Repository<T>,
  where: FindOptionsWhere<T> | FindOptionsWhere<T>[],
  config: FindConfig,
): Promise<[T[], number]> {
  const [page, count] = await findPage(repo, where, { ...config, relations: [] });
  return [await withRelationsInOrder(repo.manager, repo.target, page, config.relations), count];
}

/**
 * findPage for a selective filter (a `q` search): the page and the exact total come from
 * ONE statement (`COUNT(*) OVER ()` beside the page's rows), so the search (a trigram
 * index scan, which at a million rows is most of the request's cost) runs once, not once
 * for the page and again for the count. Not for unfiltered lists: there the window makes
 * PostgreSQL read every row before it can stop at the page, where an index on the order
 * column stops at once.
 */
export async function findPageWithOnePassCount<T extends ObjectLiteral>(
  repo: Repository<T>,
  where: FindOptionsWhere<T> | FindOptionsWhere<T>[],
  config: FindConfig,
): Promise<[T[], number]> {
  const query = repo
    .createQueryBuilder(repo.metadata.targetName)
    .setFindOptions(pageFindOptions(where, config))
    .addSelect('COUNT(*) OVER ()', 'page_total_count');
  const { entities, raw } = await query.getRawAndEntities<{ page_total_count: string }>();
  if (raw.length > 0) return [entities, Number(raw[0].page_total_count)];
  // An empty page carries no count: nothing matched, or the offset is past the end.
  return [entities, config.skip === 0 ? 0 : await repo.count({ where })];
}

export interface ListResponse {
  count: number;
  offset: number;
  limit: number;
}

export function listEnvelope<K extends string, T>(key: K, rows: T[], count: number, config: FindConfig): Record<K, T[]> & ListResponse {
  return { [key]: rows, count, offset: config.skip, limit: config.take } as Record<K, T[]> & ListResponse;
}
