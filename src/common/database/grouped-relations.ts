import { EntityManager, EntityMetadata, EntityTarget, FindOperator, FindOptionsRelations, FindOptionsWhere, In, ObjectLiteral } from 'typeorm';
import { toRelations } from '../query/relations';
import { JsonTreeOptions, loadJsonTrees } from './json-tree-loader';

/**
 * Relation paths split for loading in a fixed, small number of queries: `single` paths
 * cross only to-one relations (joined into the root row without fan-out); each entry of
 * `collections` is keyed by the path of its first to-many relation and holds every path
 * under it (one joined query each, fanning out only within that collection).
 */
export interface RelationGroups {
  single: string[];
  collections: Map<string, string[]>;
}

export function groupRelationPaths(metadata: EntityMetadata, paths: readonly string[]): RelationGroups {
  const single: string[] = [];
  const collections = new Map<string, string[]>();
  for (const path of new Set(paths)) {
    const segments = path.split('.');
    let current: EntityMetadata = metadata;
    let key: string | undefined;
    for (let i = 0; i < segments.length; i++) {
      const relation = current.findRelationWithPropertyPath(segments[i]);
      if (!relation) throw new Error(`Unknown relation ${path} on ${metadata.name}`);
      if (relation.isOneToMany || relation.isManyToMany) {
        key = segments.slice(0, i + 1).join('.');
        break;
      }
      current = relation.inverseEntityMetadata;
    }
    if (key === undefined) single.push(path);
    else collections.set(key, [...(collections.get(key) ?? []), path]);
  }
  return { single, collections };
}

function valueAt(root: unknown, path: string[]): unknown {
  let node = root as Record<string, unknown> | null | undefined;
  for (const segment of path) {
    if (node === null || node === undefined) return undefined;
    node = node[segment] as Record<string, unknown> | null | undefined;
  }
  return node;
}

/**
 * Finds the entities matching `where` with `relations` (dotted paths) in 1 + (number of
 * to-many relation groups) queries, instead of TypeORM's query strategy (two queries per
 * relation, matched up in quadratic time) or one join over everything (the product of
 * every collection's size). Uses `find`, never `findOne`/`take`: no DISTINCT paging
 * query. Order of the roots is the database's; callers sort or re-order.
 */
export async function findWithGroupedRelations<T extends ObjectLiteral>(
  manager: EntityManager,
  target: EntityTarget<T>,
  where: FindOptionsWhere<T>,
  relations: readonly string[],
  options: JsonTreeOptions = {},
): Promise<T[]> {
  const repo = manager.getRepository(target);
  const ids = primaryKeyValues(repo.metadata, where);
  if (ids) return loadJsonTrees(manager, target, ids, relations, options);
  if (options.rowVersion) throw new Error('rowVersion is only read for lookups by primary key');
  const { single, collections } = groupRelationPaths(repo.metadata, relations);
  const roots = await repo.find({ where, relations: toRelations(single) as FindOptionsRelations<T>, relationLoadStrategy: 'join' });
  if (roots.length === 0 || collections.size === 0) return roots;
  const primary = repo.metadata.primaryColumns[0].propertyName;
  const byId = new Map<unknown, T>(roots.map((root) => [root[primary], root]));
  const rootIds = [...byId.keys()];
  for (const [key, paths] of collections) {
    const segments = key.split('.');
    const loaded = await repo.find({
      where: { [primary]: In(rootIds) } as FindOptionsWhere<T>,
      relations: toRelations(paths) as FindOptionsRelations<T>,
      relationLoadStrategy: 'join',
    });
    const collectionById = new Map<unknown, unknown>(loaded.map((entity) => [entity[primary], valueAt(entity, segments)]));
    for (const [id, root] of byId) {
      const parent = valueAt(root, segments.slice(0, -1)) as Record<string, unknown> | null | undefined;
      if (parent === null || parent === undefined) continue; // a null to-one relation has no collection
      parent[segments[segments.length - 1]] = collectionById.get(id) ?? [];
    }
  }
  return roots;
}

/**
 * The primary key values when `where` is exactly `{ <primary key>: value }` or
 * `{ <primary key>: In([...]) }`: those lookups go through the one-query JSON tree loader.
 */
function primaryKeyValues(metadata: EntityMetadata, where: object): unknown[] | undefined {
  const keys = Object.keys(where);
  if (metadata.primaryColumns.length !== 1 || keys.length !== 1 || keys[0] !== metadata.primaryColumns[0].propertyName) return undefined;
  const value = (where as Record<string, unknown>)[keys[0]];
  if (typeof value === 'string' || typeof value === 'number') return [value];
  if (value instanceof FindOperator && value.type === 'in' && Array.isArray(value.value)) return value.value as unknown[];
  return undefined;
}

/** One entity by `where` (e.g. its id) with `relations`, as findWithGroupedRelations loads them. */
export async function findOneWithGroupedRelations<T extends ObjectLiteral>(
  manager: EntityManager,
  target: EntityTarget<T>,
  where: FindOptionsWhere<T>,
  relations: readonly string[],
  options: JsonTreeOptions = {},
): Promise<T | null> {
  const [entity] = await findWithGroupedRelations(manager, target, where, relations, options);
  return entity ?? null;
}
