import { byteBudgetFromEnv, ResponseCacheBudget } from '../../common/http/cached-responses';

export const DEFAULT_CATALOGUE_CACHE_MAX_BYTES = 32 * 1024 * 1024;

/** CATALOGUE_CACHE_MAX_BYTES (0 turns the catalogue cache off); at most 2 000 responses whatever their size. */
export function loadCatalogueCacheConfig(env: NodeJS.ProcessEnv = process.env): ResponseCacheBudget {
  return { maxBytes: byteBudgetFromEnv(env, 'CATALOGUE_CACHE_MAX_BYTES', DEFAULT_CATALOGUE_CACHE_MAX_BYTES), maxEntries: 2000 };
}
