import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import type { ResponseCacheBudget } from '../../common/http/cached-responses';
import { APP_CONFIG, AppConfig } from '../../config/configuration';
import type { ChangeScope } from '../table-changes/change-scopes';
import { TableChangeNotices } from '../table-changes/table-change-notices';
import { CachedBody, LruBodyCache } from './lru-body-cache';

export interface CatalogueCacheStats {
  hits: number;
  misses: number;
  /** Requests answered from the database because the cache could not be trusted. */
  bypassed: number;
  stored: number;
  invalidations: number;
}

/**
 * The response bodies of the read-mostly catalogue routes, kept per process and dropped
 * when their scope changes. Trust, generations and invalidation come from the
 * table-change notices (TableChangeNotices): the cache serves only while they are trusted,
 * and does not store a body computed while its scope changed.
 */
@Injectable()
export class CatalogueCacheService implements OnModuleDestroy {
  readonly stats: CatalogueCacheStats = { hits: 0, misses: 0, bypassed: 0, stored: 0, invalidations: 0 };
  readonly config: ResponseCacheBudget;
  /** Off with CATALOGUE_CACHE_MAX_BYTES=0, or when the table-change notices are off. */
  readonly enabled: boolean;

  private readonly bodies: LruBodyCache;

  constructor(
    private readonly notices: TableChangeNotices,
    @Inject(APP_CONFIG) appConfig: AppConfig,
  ) {
    this.config = appConfig.catalogueCache;
    this.bodies = new LruBodyCache(this.config.maxBytes, this.config.maxEntries);
    this.enabled = this.config.maxBytes > 0 && notices.enabled;
    if (this.enabled) notices.onInvalidate((scopes) => this.invalidate(scopes));
  }

  onModuleDestroy(): void {
    this.bodies.clear();
  }

  /** Whether a response may be served from, or stored into, the cache right now. */
  get trusted(): boolean {
    return this.enabled && this.notices.trusted;
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
    return this.notices.generation(scope);
  }

  /** Keeps a 200 body unless its scope changed (or the listener dropped) since `generation`. */
  store(key: string, entry: { scope: ChangeScope; early: boolean; body: string; etag?: string }, generation: number): void {
    if (!this.enabled || this.notices.generation(entry.scope) !== generation || !this.notices.listening) return;
    if (this.bodies.set(key, { ...entry, encoded: Buffer.from(entry.body) })) this.stats.stored++;
  }

  /** Drops every cached response of these scopes. */
  private invalidate(scopes: readonly ChangeScope[]): void {
    this.stats.invalidations++;
    for (const scope of scopes) this.bodies.deleteScope(scope);
  }
}
