/**
 * Shallow-merges a metadata update the way Medusa v1 does: a key set to "" is removed,
 * null is stored as null, every other key replaces the old value.
 */
export function mergeMetadata(
  current: Record<string, unknown> | null | undefined,
  update: Record<string, unknown> | null | undefined,
): Record<string, unknown> | null {
  if (update === undefined) return current ?? null;
  if (update === null) return null;
  const merged: Record<string, unknown> = { ...(current ?? {}) };
  for (const [key, value] of Object.entries(update)) {
    if (value === '') delete merged[key];
    else merged[key] = value;
  }
  return merged;
}
