import { EntityManager } from 'typeorm';
import { ApiError } from '../../common/errors/api-error';
import { Currency } from '../currencies/currency.entity';
import { Region } from '../regions/region.entity';
import { rowExists } from './seed.repository';

/** What a seed run counts, per kind of entry. */
export type SeedCountKind = 'users' | 'regions' | 'shipping_options' | 'product_collections' | 'categories' | 'products' | 'variants' | 'store_currencies';

export interface SeedSummary {
  /** Rows created by this run. */
  created: Partial<Record<SeedCountKind, number>>;
  /** File entries that matched a row already in the database and were left as they are. */
  existing: Partial<Record<SeedCountKind, number>>;
  notices: string[];
}

/** A problem with one entry of the file; `path` names it (`products[2].variants[0]...`). */
export class SeedEntryError extends ApiError {
  constructor(
    readonly path: string,
    detail: string,
  ) {
    super('invalid_data', `${path} ${detail}`);
  }
}

export function seedEntryError(path: string, detail: string): never {
  throw new SeedEntryError(path, detail);
}

/** Medusa's rule: an id carrying the entity's own prefix is a real id; anything else is a placeholder. */
export function isRealId(id: string | undefined | null, prefix: string): id is string {
  return !!id && id.startsWith(`${prefix}_`);
}

type ReferencedKind = 'region' | 'collection' | 'category';

/** Where each kind of reference lives, and which of its rows are live. */
const REFERENCED: Record<ReferencedKind, { table: string; live: string; what: string }> = {
  region: { table: 'region', live: 'deleted_at IS NULL', what: 'region' },
  collection: { table: 'product_collection', live: 'deleted_at IS NULL', what: 'product collection' },
  category: { table: 'product_category', live: 'true', what: 'product category' },
};

/**
 * State of one seed run, created inside its transaction (so a retried transaction starts
 * clean): the manager, the file-id -> database-id map that makes placeholder references
 * (`region_id`, `collection_id`) follow, cached lookups and the counters.
 */
export class SeedContext {
  private readonly ids: Record<ReferencedKind, Map<string, string>> = { region: new Map(), collection: new Map(), category: new Map() };
  private readonly summary: SeedSummary;
  private currencies?: Set<string>;
  private readonly regionCurrencies = new Map<string, string>();

  constructor(
    readonly manager: EntityManager,
    notices: string[] = [],
  ) {
    this.summary = { created: {}, existing: {}, notices: [...notices] };
  }

  /** Records which database row a file entry became (or matched), so later references resolve. */
  remember(kind: ReferencedKind, fileId: string | undefined, databaseId: string): void {
    if (fileId) this.ids[kind].set(fileId, databaseId);
    this.ids[kind].set(databaseId, databaseId);
  }

  /**
   * Resolves a reference from the file: an id given earlier in the file (placeholder or
   * real), else a real id of a row already in the database. Fails naming the entry.
   */
  async resolve(kind: ReferencedKind, fileId: string, path: string): Promise<string> {
    const known = this.ids[kind].get(fileId);
    if (known) return known;
    const { table, live, what } = REFERENCED[kind];
    if (await rowExists(this.manager, table, fileId, live)) {
      this.remember(kind, fileId, fileId);
      return fileId;
    }
    return seedEntryError(path, `"${fileId}" matches no ${what} in the file or the database`);
  }

  /** Fails unless `code` is an ISO 4217 currency known to the database; returns it lower-cased. */
  async currency(code: string, path: string): Promise<string> {
    this.currencies ??= new Set((await this.manager.getRepository(Currency).find({ select: { code: true } })).map((c) => c.code));
    const lower = code.toLowerCase();
    if (!this.currencies.has(lower)) seedEntryError(path, `"${code}" is not a known currency code`);
    return lower;
  }

  async regionCurrency(regionId: string): Promise<string> {
    let code = this.regionCurrencies.get(regionId);
    if (!code) {
      code = (await this.manager.getRepository(Region).findOneOrFail({ where: { id: regionId }, withDeleted: true })).currency_code;
      this.regionCurrencies.set(regionId, code);
    }
    return code;
  }

  created(kind: SeedCountKind, n = 1): void {
    this.summary.created[kind] = (this.summary.created[kind] ?? 0) + n;
  }

  existing(kind: SeedCountKind, n = 1): void {
    this.summary.existing[kind] = (this.summary.existing[kind] ?? 0) + n;
  }

  notice(message: string): void {
    this.summary.notices.push(message);
  }

  result(): SeedSummary {
    return this.summary;
  }
}

const LABELS: Record<SeedCountKind, [string, string]> = {
  users: ['user', 'users'],
  regions: ['region', 'regions'],
  shipping_options: ['shipping option', 'shipping options'],
  product_collections: ['collection', 'collections'],
  categories: ['category', 'categories'],
  products: ['product', 'products'],
  variants: ['variant', 'variants'],
  store_currencies: ['store currency', 'store currencies'],
};

function describeCounts(counts: SeedSummary['created']): string {
  const parts = (Object.keys(LABELS) as SeedCountKind[]).filter((k) => counts[k]).map((k) => `${counts[k]} ${LABELS[k][counts[k] === 1 ? 0 : 1]}`);
  return parts.length ? parts.join(', ') : 'nothing';
}

/** One line for a terminal: "created 2 regions, ...; already present: ...". */
export function describeSeedSummary(summary: SeedSummary): string {
  const existing = describeCounts(summary.existing);
  return `created ${describeCounts(summary.created)}${existing === 'nothing' ? '' : `; already present: ${existing}`}`;
}
