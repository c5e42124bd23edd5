/** Properties that must never leave the server, whatever a route returns. */
export const SECRET_PROPERTIES = new Set(['password_hash', 'api_token']);

/** Removes secret properties from a response tree in place (bounded depth, cycle-safe). */
export function stripSecrets(value: unknown, depth = 0, seen = new Set<object>()): void {
  if (value === null || typeof value !== 'object' || depth > 12 || value instanceof Date || seen.has(value)) return;
  seen.add(value);
  if (Array.isArray(value)) {
    for (const item of value) stripSecrets(item, depth + 1, seen);
    return;
  }
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (SECRET_PROPERTIES.has(key)) delete record[key];
    else stripSecrets(record[key], depth + 1, seen);
  }
}
