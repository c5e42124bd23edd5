import { FindOptionsRelations, ObjectLiteral, Repository, SelectQueryBuilder } from 'typeorm';
import { loadJsonTrees } from '../database/json-tree-loader';
import type { FindConfig } from './query-config.decorator';
import { toRelations } from './relations';

/** Escapes LIKE wildcards so a `q` of "%" searches for a percent sign, not everything. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** How runList (list-spec.ts) runs a page: its query builder, which already carries the filters, order and page. */
export interface ListPageOptions<T extends ObjectLiteral> {
  query: SelectQueryBuilder<T>;
  /** The page (skip, take). */
  config: FindConfig;
  /** Relations to load ([] when the caller loads them itself). */
  relations: readonly string[];
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
   * How the total is counted. 'separate': a COUNT query beside the page query.
   * 'window': `COUNT(*) OVER ()` in the page's own statement, so a selective filter (a `q`
   * search: a trigram index scan, at a million rows most of the request's cost) runs
   * once. Not for unfiltered lists: the window makes PostgreSQL read every matching row
   * before it can stop at the page, where an index on the order column stops at once.
   * A function: the total from elsewhere (a count the database keeps), for a list whose
   * where adds nothing the function does not know.
   */
  count: 'separate' | 'window' | (() => Promise<number>);
}

/** One page of a list and the total number of rows matching its filters. */
export async function listPage<T extends ObjectLiteral>(repo: Repository<T>, options: ListPageOptions<T>): Promise<[T[], number]> {
  const { relations } = options;
  const jsonTree = options.relationLoad === 'json-tree';
  const query = options.query;
  // TypeORM's query per relation, after the page (no join, so paging stays LIMIT/OFFSET).
  if (!jsonTree && relations.length > 0) query.setFindOptions({ relations: toRelations(relations) as FindOptionsRelations<T>, relationLoadStrategy: 'query' });
  const counted = options.count;
  const [page, count] =
    typeof counted === 'function'
      ? [await query.getMany(), await counted()]
      : counted === 'window'
        ? await pageWithWindowCount(query, options.config)
        : await query.getManyAndCount();
  return [jsonTree ? await withRelationsInOrder(repo, page, relations) : page, count];
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
