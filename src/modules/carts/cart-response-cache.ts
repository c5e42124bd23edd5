import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { poolOf } from '../../common/database/pg-internals';
import type { ResponseCacheBudget } from '../../common/http/cached-responses';
import { APP_CONFIG, AppConfig } from '../../config/configuration';
import { TableChangeNotices } from '../table-changes/table-change-notices';

/** A cached GET /store/carts/:id answer: the JSON exactly as sent, for one version of the cart row. */
export interface CachedCart {
  version: string;
  body: string;
  encoded: Buffer;
  etag?: string;
  /** The cart's customer in this version: a GET by that customer would not change it. */
  customerId?: string | null;
}

interface Entry extends CachedCart {
  /** `<table>:<id>` of the often written rows it shows (ROW_CHANGE_TABLES). */
  deps: readonly string[];
  bytes: number;
}

/** How many row notices are remembered for answers being computed (a few ms of checkouts). */
const RECENT_ROW_CHANGES = 256;

/** Fixed cost per entry (Map slots, entry object, keys) on top of the body's bytes. */
const ENTRY_OVERHEAD_BYTES = 512;

/** Reads the version of a live cart row; short, so it is cheap to run unnamed. */
const CART_VERSION_SQL = 'SELECT xmin::text AS version FROM cart WHERE id = $1 AND deleted_at IS NULL';

type Queryable = { query(text: string, values: unknown[]): Promise<{ rows: Array<{ version: string }> }> };

/**
 * GET /store/carts/:id answers (without a query string), kept per process.
 *
 * An answer is served only for the cart row version it was computed from: every change
 * to a cart writes the cart row in the same transaction (CartLoaderService.lock), so a
 * change to any of its own rows gives it a new `xmin`, and a hit costs one primary-key
 * read of that version. That check sees every committed change whichever instance (or
 * plain SQL on the cart row) made it, so a cart is never served older than the database.
 * What the answer shows of other tables follows the table-change notices
 * (TableChangeNotices): the rarely written ones (regions, products, shipping options,
 * discount rules: scope `carts`) drop every cart; the often written rows (variant stock,
 * discounts, gift cards, payments) drop only the carts that show them
 * (ROW_CHANGES_CHANNEL). The cache serves only while the notices are trusted (listener
 * up, this instance's writes fenced); an answer computed while any notice arrived is not
 * stored.
 */
@Injectable()
export class CartResponseCache {
  /** CART_CACHE_MAX_BYTES (0 turns this cache off, and only this one); at most 5 000 carts whatever their size. */
  readonly config: ResponseCacheBudget;
  readonly stats = { hits: 0, misses: 0, stored: 0, dropped: 0 };

  private readonly entries = new Map<string, Entry>();
  private readonly cartsByDep = new Map<string, Set<string>>();
  private totalBytes = 0;
  /** Counts notices that concern carts; an answer remembers it from before it was computed. */
  private epochValue = 0;
  /** The latest row notices (epoch, dependency key or `<table>:*`), to check an answer against at store time. */
  private readonly recentRowChanges: Array<{ epoch: number; keys: readonly string[] }> = [];
  /** Notices up to this epoch have left recentRowChanges: an answer older than that is not stored. */
  private forgottenUpTo = 0;
  /** The last epoch at which every cart was dropped. */
  private clearedAt = 0;

  constructor(
    private readonly dataSource: DataSource,
    private readonly notices: TableChangeNotices,
    @Inject(APP_CONFIG) appConfig: AppConfig,
  ) {
    this.config = appConfig.cartCache;
    notices.onInvalidate((scopes) => {
      if (!scopes.includes('carts')) return;
      this.clearedAt = ++this.epochValue;
      this.clear();
    });
    notices.onRowsChanged((table, ids) => {
      const keys = ids === '*' ? [`${table}:*`] : ids.map((id) => `${table}:${id}`);
      this.recentRowChanges.push({ epoch: ++this.epochValue, keys });
      if (this.recentRowChanges.length > RECENT_ROW_CHANGES) this.forgottenUpTo = this.recentRowChanges.shift()!.epoch;
      if (ids === '*') {
        for (const dep of [...this.cartsByDep.keys()]) if (dep.startsWith(`${table}:`)) this.dropDependents(dep);
      } else {
        for (const key of keys) this.dropDependents(key);
      }
    });
  }

  get enabled(): boolean {
    return this.config.maxBytes > 0 && this.notices.enabled;
  }

  /** Whether answers may be served from, or stored into, the cache right now. */
  get trusted(): boolean {
    return this.enabled && this.notices.trusted;
  }

  get epoch(): number {
    return this.epochValue;
  }

  get size(): number {
    return this.entries.size;
  }

  get bytes(): number {
    return this.totalBytes;
  }

  has(cartId: string): boolean {
    return this.entries.has(cartId);
  }

  /** The cart row's current version, or undefined when there is no live cart with this id. */
  async currentVersion(cartId: string): Promise<string | undefined> {
    const pool: Queryable = poolOf(this.dataSource);
    const { rows } = await pool.query(CART_VERSION_SQL, [cartId]);
    return rows[0]?.version;
  }

  /** The stored answer for this version of the cart; an answer for another version is dropped. */
  lookup(cartId: string, version: string): CachedCart | undefined {
    const entry = this.entries.get(cartId);
    if (entry && entry.version === version) {
      this.entries.delete(cartId);
      this.entries.set(cartId, entry);
      this.stats.hits++;
      return entry;
    }
    if (entry) this.delete(cartId);
    this.stats.misses++;
    return undefined;
  }

  /**
   * Keeps a 200 answer computed from the database after `epoch` was read, unless a notice
   * about something it shows arrived since (or may have: older notices are forgotten), or
   * the cache cannot be trusted.
   */
  store(cartId: string, answer: { version: string; deps: readonly string[]; body: string; etag?: string; customerId?: string | null }, epoch: number): void {
    if (!this.trusted || this.changedSince(epoch, answer.deps)) return;
    const encoded = Buffer.from(answer.body);
    const bytes = answer.body.length + encoded.length + ENTRY_OVERHEAD_BYTES + answer.deps.reduce((n, d) => n + d.length * 2, 0);
    if (bytes > this.config.maxBytes / 8) return;
    this.delete(cartId);
    this.entries.set(cartId, { ...answer, encoded, bytes });
    this.totalBytes += bytes;
    for (const dep of answer.deps) {
      let carts = this.cartsByDep.get(dep);
      if (!carts) this.cartsByDep.set(dep, (carts = new Set()));
      carts.add(cartId);
    }
    this.stats.stored++;
    for (const [oldest] of this.entries) {
      if (this.totalBytes <= this.config.maxBytes && this.entries.size <= this.config.maxEntries) break;
      this.delete(oldest);
    }
  }

  private changedSince(epoch: number, deps: readonly string[]): boolean {
    if (epoch === this.epochValue) return false;
    if (this.clearedAt > epoch || this.forgottenUpTo > epoch) return true;
    const wanted = new Set(deps);
    for (const dep of deps) wanted.add(`${dep.slice(0, dep.indexOf(':'))}:*`);
    for (let i = this.recentRowChanges.length - 1; i >= 0 && this.recentRowChanges[i].epoch > epoch; i--) {
      if (this.recentRowChanges[i].keys.some((key) => wanted.has(key))) return true;
    }
    return false;
  }

  clear(): void {
    this.entries.clear();
    this.cartsByDep.clear();
    this.totalBytes = 0;
  }

  private dropDependents(dep: string): void {
    const carts = this.cartsByDep.get(dep);
    if (!carts) return;
    for (const cartId of [...carts]) this.delete(cartId);
  }

  private delete(cartId: string): void {
    const entry = this.entries.get(cartId);
    if (!entry) return;
    this.entries.delete(cartId);
    this.totalBytes -= entry.bytes;
    this.stats.dropped++;
    for (const dep of entry.deps) {
      const carts = this.cartsByDep.get(dep);
      carts?.delete(cartId);
      if (carts?.size === 0) this.cartsByDep.delete(dep);
    }
  }
}
