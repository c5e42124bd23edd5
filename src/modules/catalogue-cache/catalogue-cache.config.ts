/** A response cache's settings, from the environment. */
export interface CatalogueCacheConfig {
  /** Budget for cached response bodies in this process; 0 turns the cache off. */
  maxBytes: number;
  /** At most this many cached responses, whatever their size. */
  maxEntries: number;
}

/** A byte budget from `env[name]` (a non-negative integer), or `fallback` when unset. */
export function byteBudgetFromEnv(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const bytes = Number(raw);
  if (!Number.isSafeInteger(bytes) || bytes < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return bytes;
}

export const DEFAULT_CATALOGUE_CACHE_MAX_BYTES = 32 * 1024 * 1024;

export function loadCatalogueCacheConfig(env: NodeJS.ProcessEnv = process.env): CatalogueCacheConfig {
  return { maxBytes: byteBudgetFromEnv(env, 'CATALOGUE_CACHE_MAX_BYTES', DEFAULT_CATALOGUE_CACHE_MAX_BYTES), maxEntries: 2000 };
}
