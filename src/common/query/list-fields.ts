import type { FindConfig } from './query-config.decorator';

/**
 * Medusa v1's list routes add `created_at` to a `fields` selection (as they add `id`), so
 * a list trimmed to `fields` still shows when each row was created. Call it in a list
 * handler before answering: the response is trimmed to `config.fields` afterwards.
 */
export function listFieldsWithCreatedAt(config: FindConfig): FindConfig {
  if (config.fields && !config.fields.includes('created_at')) config.fields.push('created_at');
  return config;
}
