import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { attachedValue, loadJsonTrees, TreeAttachment } from '../../common/database/json-tree-loader';
import { Region } from './region.entity';

/**
 * The version of every region tree (migration 1795316630000-RegionTreeVersion), for a
 * tree query to read in its own snapshot: `xmin` and `changes` of the one version row.
 */
export const REGION_TREE_VERSION: TreeAttachment = {
  key: Symbol('regionTreeVersion'),
  sql: `(SELECT xmin::text || ':' || changes FROM region_tree_version WHERE id = 1)`,
};

/** The relations of a region that the cache holds, in the order a response shows them. */
const CACHED_REGION_RELATIONS = ['countries', 'payment_providers', 'fulfillment_providers'] as const;
type CachedRelation = (typeof CACHED_REGION_RELATIONS)[number];

const MAX_REGIONS = 1_000;

/**
 * Region trees (the region with its countries and payment and fulfillment providers) kept
 * in memory, for the cart reads that show them: every cart response carries its region's
 * tree, and PostgreSQL building it as JSON for each read was about a quarter of a cart
 * read's database time.
 *
 * Exact, not eventually consistent: the cart read takes the trees' version
 * (REGION_TREE_VERSION) in its own snapshot, and a tree is used only when it was loaded
 * under that version; otherwise it is loaded again (and kept). A change by any writer,
 * committed or inside the reading transaction itself, changes the version.
 */
@Injectable()
export class RegionTreeCache {
  private readonly trees = new Map<string, { version: string; region: Region }>();

  /** Whether the cache can serve every relation under `region` in `paths` (relative to the region). */
  static covers(paths: readonly string[]): boolean {
    return paths.every((path) => (CACHED_REGION_RELATIONS as readonly string[]).includes(path));
  }

  /**
   * The live region `id` as a tree query would give it with `relations` (a subset of
   * CACHED_REGION_RELATIONS), for a read that saw `version`; null when it is deleted or
   * missing. The caller gets its own objects (children arrays and entities copied).
   */
  async get(id: string, version: string | undefined, relations: readonly string[], manager: EntityManager): Promise<Region | null> {
    let entry = this.trees.get(id);
    if (!entry || version === undefined || entry.version !== version) {
      const [region] = await loadJsonTrees(manager, Region, [id], CACHED_REGION_RELATIONS, { attach: [REGION_TREE_VERSION] });
      if (!region) return null;
      const loadedUnder = attachedValue(region, REGION_TREE_VERSION)!;
      if (this.trees.size >= MAX_REGIONS) this.trees.clear();
      entry = { version: loadedUnder, region };
      this.trees.set(id, entry);
    }
    return copyRegion(entry.region, new Set(relations));
  }
}

/** A copy of a cached region with only `relations`: own entities and arrays, the same key order. */
function copyRegion(cached: Region, relations: ReadonlySet<string>): Region {
  const copy = Object.create(Object.getPrototypeOf(cached)) as Record<string, unknown>;
  for (const key of Object.keys(cached)) {
    const value = (cached as unknown as Record<string, unknown>)[key];
    if ((CACHED_REGION_RELATIONS as readonly string[]).includes(key)) {
      if (relations.has(key as CachedRelation)) copy[key] = (value as object[]).map(copyEntity);
      continue;
    }
    copy[key] = value;
  }
  return copy as unknown as Region;
}

function copyEntity<T extends object>(entity: T): T {
  return Object.assign(Object.create(Object.getPrototypeOf(entity)) as T, entity);
}
