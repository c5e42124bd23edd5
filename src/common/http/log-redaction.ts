/**
 * What logs must not keep: the secret part of signed download links (anyone holding the
 * line could fetch the file until the link expires), token query parameters, and the
 * values bound to a failed SQL statement (customers' names, emails, addresses). The SQL
 * text stays: it names the statement without the personal data.
 */

const REDACTED = '[redacted]';

/** Path segments that are secrets: the token of `/uploads/signed/<token>`. */
const SECRET_PATH = /(\/uploads\/signed\/)[^/?#]+/gi;
/** Query parameters whose value is a credential. */
const SECRET_QUERY = /([?&](?:token|access_token|signature|sig)=)[^&#]*/gi;
/** Route and query parameters (parsed) whose value is a credential. */
const SECRET_KEYS = new Set(['token', 'access_token', 'signature', 'sig']);

export function redactUrl(url: string): string {
  return url.replace(SECRET_PATH, `$1${REDACTED}`).replace(SECRET_QUERY, `$1${REDACTED}`);
}

function redactKeys(values: unknown): unknown {
  if (!values || typeof values !== 'object') return values;
  const entries = Object.entries(values as Record<string, unknown>);
  if (!entries.some(([key]) => SECRET_KEYS.has(key))) return values;
  return Object.fromEntries(entries.map(([key, value]) => [key, SECRET_KEYS.has(key) ? REDACTED : value]));
}

/**
 * pino's serialised request with its URL, route and query parameters redacted. A copy:
 * `query` and `params` are the live request's objects.
 */
export function redactRequest<T extends { url?: unknown; query?: unknown; params?: unknown }>(req: T): T {
  if (!req || typeof req !== 'object') return req;
  if (typeof req.url === 'string') req.url = redactUrl(req.url);
  if (req.query !== undefined) req.query = redactKeys(req.query);
  if (req.params !== undefined) req.params = redactKeys(req.params);
  return req;
}

function describeParameters(parameters: unknown[]): string {
  const types = parameters.map((p) => (p === null ? 'null' : Array.isArray(p) ? 'array' : p instanceof Date ? 'date' : typeof p));
  return `[${parameters.length} redacted: ${types.join(', ')}]`;
}

/**
 * A serialised error (pino's err serializer output, or anything shaped like it) without the
 * bound parameters of a failed query, nor the values PostgreSQL echoes in its details,
 * at any depth (`driverError`, `cause`). The parameters' count and types remain.
 */
export function redactQueryError<T>(err: T, depth = 0): T {
  if (!err || typeof err !== 'object' || depth > 4) return err;
  const record = err as Record<string, unknown>;
  if (Array.isArray(record.parameters)) record.parameters = describeParameters(record.parameters);
  // PostgreSQL echoes values there: `Failing row contains (...)`, `Key (email)=(...) already exists`.
  if (typeof record.detail === 'string') record.detail = REDACTED;
  for (const key of ['driverError', 'cause']) if (record[key] && typeof record[key] === 'object') redactQueryError(record[key], depth + 1);
  return err;
}
