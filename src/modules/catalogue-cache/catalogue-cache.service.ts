import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { TableChangeListener } from './table-change-listener';
import { CatalogueCacheConfig, loadCatalogueCacheConfig } from './catalogue-cache.config';
import { ChangeScope, SCOPE_TABLES, scopesReading } from './change-scopes';
import { CachedBody, LruBodyCache } from './lru-body-cache';

const ALL_SCOPES = Object.keys(SCOPE_TABLES) as ChangeScope[];

export interface CatalogueCacheStats {
  hits: number;
  misses: number;
  /** Requests answered from the database because the cache could not be trusted. */
  bypassed: number;
  stored: number;
  invalidations: number;
}

/**
 * Two things: the PostgreSQL table-change notices every per-process cache follows (one
 * TableChangeListener per instance, the write fence, a generation per change scope of
 * SCOPE_TABLES; ApiTokenCache and CartResponseCache subscribe with onInvalidate and
 * onRowsChanged), and the response bodies of the read-mostly catalogue routes, dropped
 * when their scope changes.
 *
 * The caches are trusted only while they cannot hide a committed change:
 * - the listener is connected (while it is not, notices may be lost: every request goes
 *   to the database, and everything is dropped when it reconnects);
 * - no write request answered by this instance is awaiting its fence: a client that
 *   wrote through this instance reads its write at once, without waiting for the notice
 *   to arrive (writes through other instances or plain SQL are seen once their notice
 *   arrives, typically well under a millisecond after their commit).
 * A response computed while a change was announced is not stored: each scope has a
 * generation, taken when the request starts and checked when it stores.
 */
@Injectable()
export class CatalogueCacheService implements OnApplicationBootstrap, OnModuleDestroy {
  readonly stats: CatalogueCacheStats = { hits: 0, misses: 0, bypassed: 0, stored: 0, invalidations: 0 };
  readonly config: CatalogueCacheConfig = loadCatalogueCacheConfig();
  /** Absent when the cache is turned off (CATALOGUE_CACHE_MAX_BYTES=0). */
  readonly listener?: TableChangeListener;

  private readonly logger = new Logger('CatalogueCache');
  private readonly bodies: LruBodyCache;
  private readonly generations = Object.fromEntries(ALL_SCOPES.map((s) => [s, 0])) as Record<ChangeScope, number>;
  private readonly invalidationListeners: ((scopes: readonly ChangeScope[]) => void)[] = [];
  private readonly rowChangeListeners: ((table: string, ids: readonly string[] | '*') => void)[] = [];
  private pendingWrites = 0;
  private runningFence?: Promise<void>;
  private queuedFence?: Promise<void>;

  constructor(dataSource: DataSource) {
    this.bodies = new LruBodyCache(this.config.maxBytes, this.config.maxEntries);
    if (this.config.maxBytes === 0) return;
    const url = (dataSource.options as { url?: string }).url ?? process.env.DATABASE_URL;
    if (!url) return;
    let state: 'starting' | 'listening' | 'lost' = 'starting';
    this.listener = new TableChangeListener(url, {
      changed: (table) => this.invalidate(scopesReading(table)),
      rowsChanged: (payload) => this.rowsChanged(payload),
      lost: () => {
        this.invalidate(ALL_SCOPES);
        if (state === 'listening') this.logger.warn('Lost the table-change listener connection: the caches that follow it are bypassed until it is back');
        if (state !== 'starting') state = 'lost';
      },
      listening: () => {
        this.invalidate(ALL_SCOPES);
        if (state === 'lost') this.logger.log('Table-change listener reconnected: the caches that follow it start afresh');
        state = 'listening';
      },
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.listener) return;
    this.listener.start();
    // Give the first connection a moment so the cache works from the first request;
    // boot does not depend on it (until it is up, requests bypass the cache).
    for (let i = 0; i < 50 && !this.listener.isListening; i++) await new Promise((r) => setTimeout(r, 20));
  }

  async onModuleDestroy(): Promise<void> {
    await this.listener?.stop();
    this.bodies.clear();
  }

  /** Whether a response may be served from, or stored into, the cache right now. */
  get trusted(): boolean {
    return this.pendingWrites === 0 && this.listener?.isListening === true;
  }

  get entries(): number {
    return this.bodies.size;
  }

  get bytes(): number {
    return this.bodies.bytes;
  }

  lookup(key: string): CachedBody | undefined {
    const hit = this.bodies.get(key);
    if (hit) this.stats.hits++;
    else this.stats.misses++;
    return hit;
  }

  /** A hit that may be answered before Nest's router; a miss is left to the route. */
  lookupEarly(key: string): CachedBody | undefined {
    if (!this.trusted) return undefined;
    const hit = this.bodies.get(key);
    if (!hit?.early) return undefined;
    this.stats.hits++;
    return hit;
  }

  /** The scope's generation now: pass it back to store() once the response is computed. */
  generation(scope: ChangeScope): number {
    return this.generations[scope];
  }

  /** Keeps a 200 body unless its scope changed (or the listener dropped) since `generation`. */
  store(key: string, entry: { scope: ChangeScope; early: boolean; body: string; etag?: string }, generation: number): void {
    if (this.generations[entry.scope] !== generation || this.listener?.isListening !== true) return;
    if (this.bodies.set(key, { ...entry, encoded: Buffer.from(entry.body) })) this.stats.stored++;
  }

  /**
   * Called when the response to a request that may have written is finished: until a
   * fence round trip on the listener connection shows that the notices of its commits
   * have arrived, the cache is bypassed. A later request from the same client (which
   * Node reads only after this 'finish') so never meets a response older than its write.
   * Requests running alongside the write may still be answered from the cache: they are
   * concurrent with it, and whatever they store before its notice arrives is dropped then.
   */
  writeFinished(): void {
    if (!this.listener) return;
    this.pendingWrites++;
    void this.fence().finally(() => this.pendingWrites--);
  }

  /** Drops every cached response of these scopes. */
  invalidate(scopes: ChangeScope[]): void {
    this.stats.invalidations++;
    for (const scope of scopes) {
      this.generations[scope]++;
      this.bodies.deleteScope(scope);
    }
    for (const listener of this.invalidationListeners) listener(scopes);
  }

  /** For caches other than response bodies that follow the same change notices (API tokens). */
  onInvalidate(listener: (scopes: readonly ChangeScope[]) => void): void {
    this.invalidationListeners.push(listener);
  }

  /** For caches that follow ROW_CHANGES_CHANNEL: `ids` is '*' when every row may have changed. */
  onRowsChanged(listener: (table: string, ids: readonly string[] | '*') => void): void {
    this.rowChangeListeners.push(listener);
  }

  private rowsChanged(payload: string): void {
    const colon = payload.indexOf(':');
    const table = colon < 0 ? payload : payload.slice(0, colon);
    const list = colon < 0 ? '*' : payload.slice(colon + 1);
    const ids = list === '*' ? '*' : list.split(',');
    for (const listener of this.rowChangeListeners) listener(table, ids);
  }

  /**
   * A round trip on the listener connection that starts after the call. Callers that
   * arrive while one is on the wire share the next one (it may have been sent before
   * their commit), so a burst of writes costs two round trips, not one each.
   */
  private fence(): Promise<void> {
    if (this.queuedFence) return this.queuedFence;
    const fence: Promise<void> = (this.runningFence ?? Promise.resolve())
      .then(() => {
        this.queuedFence = undefined;
        this.runningFence = fence;
        // Down: lost() has dropped everything and the cache stays bypassed until reconnected.
        return this.listener?.sync().catch(() => undefined);
      })
      .finally(() => {
        if (this.runningFence === fence) this.runningFence = undefined;
      });
    this.queuedFence = fence;
    return fence;
  }
}
