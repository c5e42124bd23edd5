import { boundedJson } from '../validation/stored-json-bounds';

/**
 * Shallow-merges a metadata update the way Medusa v1 does: a key set to "" is removed,
 * null is stored as null, every other key replaces the old value. The merged result must
 * stay within STORED_JSON_BOUNDS (or shrink a value already beyond them): otherwise a 400
 * invalid_data naming `field`.
 */
export function mergeMetadata(
  current: Record<string, unknown> | null | undefined,
  update: Record<string, unknown> | null | undefined,
  field = 'metadata',
): Record<string, unknown> | null {
  if (update === undefined) return current ?? null;
  if (update === null) return null;
  const merged: Record<string, unknown> = { ...(current ?? {}) };
  for (const [key, value] of Object.entries(update)) {
    if (value === '') delete merged[key];
    else merged[key] = value;
  }
  return boundedJson(field, merged, current);
}
