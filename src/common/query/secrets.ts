/** Properties that must never leave the server, whatever a route returns. */
export const SECRET_PROPERTIES = new Set(['password_hash', 'api_token']);

const hasOwn = Object.prototype.hasOwnProperty;

/**
 * Removes secret properties from a response tree in place (bounded depth, cycle-safe).
 * It runs on every response body, so it avoids per-object allocations (no key arrays,
 * the `seen` set made once) and calls itself only for objects.
 */
export function stripSecrets(value: unknown, depth = 0, seen?: Set<object>): void {
  if (value === null || typeof value !== 'object' || depth > 12 || value instanceof Date) return;
  if (seen === undefined) seen = new Set<object>();
  else if (seen.has(value)) return;
  seen.add(value);
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      if (item !== null && typeof item === 'object') stripSecrets(item, depth + 1, seen);
    }
    return;
  }
  const record = value as Record<string, unknown>;
  for (const key in record) {
    if (!hasOwn.call(record, key)) continue;
    if (SECRET_PROPERTIES.has(key)) {
      delete record[key];
      continue;
    }
    const child = record[key];
    if (child !== null && typeof child === 'object') stripSecrets(child, depth + 1, seen);
  }
}
