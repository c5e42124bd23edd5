/** Catalogue response cache settings, from the environment. */
export interface CatalogueCacheConfig {
  /** Budget for cached response bodies in this process; 0 turns the cache off. */
  maxBytes: number;
  /** At most this many cached responses, whatever their size. */
  maxEntries: number;
}

export const DEFAULT_CATALOGUE_CACHE_MAX_BYTES = 32 * 1024 * 1024;

export function loadCatalogueCacheConfig(env: NodeJS.ProcessEnv = process.env): CatalogueCacheConfig {
  const raw = env.CATALOGUE_CACHE_MAX_BYTES;
  let maxBytes = DEFAULT_CATALOGUE_CACHE_MAX_BYTES;
  if (raw !== undefined && raw !== '') {
    maxBytes = Number(raw);
    if (!Number.isSafeInteger(maxBytes) || maxBytes < 0) throw new Error(`CATALOGUE_CACHE_MAX_BYTES must be a non-negative integer, got "${raw}"`);
  }
  return { maxBytes, maxEntries: 2000 };
}
