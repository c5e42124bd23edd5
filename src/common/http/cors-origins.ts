/**
 * Whether an Origin is one of the configured ones (ADMIN_CORS or STORE_CORS): an exact
 * origin, `*`, or a `/regular expression/` as Medusa v1 accepts them.
 */
export function originMatcher(allowed: string[]): (origin: string | undefined) => boolean {
  const patterns = allowed.map((entry) => (entry.startsWith('/') && entry.endsWith('/') ? new RegExp(entry.slice(1, -1)) : entry));
  return (origin: string | undefined) => !!origin && patterns.some((p) => (typeof p === 'string' ? p === origin || p === '*' : p.test(origin)));
}
