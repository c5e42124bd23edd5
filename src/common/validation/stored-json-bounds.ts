import { ApiError } from '../errors/api-error';

/**
 * The one bound on every free-form JSON value a client can have stored: `metadata` on any
 * resource, a cart's `context`, a payment session's `data`, a shipping method's `data`.
 * It is checked on what would be stored (the merged result `{...stored, ...input}`), so a
 * value cannot grow past it one request at a time. Medusa's storefront and admin send a
 * few small keys; these bounds are far above that.
 */
export const STORED_JSON_BOUNDS = {
  /** Serialized size, in UTF-8 bytes of its JSON text. */
  bytes: 16 * 1024,
  /** Keys at the top level. */
  keys: 100,
  /** Levels of nesting: `{"a": 1}` is 1, `{"a": {"b": 1}}` is 2; an array is a level too. */
  depth: 5,
} as const;

export interface JsonMeasure {
  bytes: number;
  keys: number;
  depth: number;
}

/** Deeper than this, the size is not computed (JSON.stringify recurses): it counts as unbounded. */
const MEASURABLE_DEPTH = 512;

/**
 * Size, top-level key count and depth of a JSON value. The depth is measured without
 * recursion, whatever it is; a value nested beyond MEASURABLE_DEPTH has an infinite size.
 */
export function measureJson(value: unknown): JsonMeasure {
  const depth = depthOf(value);
  const bytes = depth > MEASURABLE_DEPTH ? Number.POSITIVE_INFINITY : Buffer.byteLength(JSON.stringify(value) ?? '', 'utf8');
  return { bytes, keys: topLevelKeys(value), depth };
}

function topLevelKeys(value: unknown): number {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? Object.keys(value).length : 0;
}

function depthOf(value: unknown): number {
  let max = 0;
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length) {
    const [node, level] = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    if (level > max) max = level;
    for (const child of Array.isArray(node) ? node : Object.values(node)) {
      if (child !== null && typeof child === 'object') stack.push([child, level + 1]);
    }
  }
  return max;
}

function withinBounds(m: JsonMeasure): boolean {
  return m.bytes <= STORED_JSON_BOUNDS.bytes && m.keys <= STORED_JSON_BOUNDS.keys && m.depth <= STORED_JSON_BOUNDS.depth;
}

/** Strictly smaller than `before` and larger in no respect. */
function shrinks(after: JsonMeasure, before: JsonMeasure): boolean {
  return after.bytes < before.bytes && after.keys <= before.keys && after.depth <= before.depth;
}

export function boundsMessage(field: string): string {
  const { bytes, keys, depth } = STORED_JSON_BOUNDS;
  return `${field} must not be larger than ${bytes} bytes as JSON, have more than ${keys} keys or be nested more than ${depth} levels deep (counting what is already stored)`;
}

/**
 * Checks the value about to be stored in `field` (the merged result, or what replaces the
 * old value): within STORED_JSON_BOUNDS it is returned as is. Beyond them it is refused with
 * a 400 invalid_data naming the field, unless `stored` (the value it replaces) was already
 * beyond them (e.g. imported from a Medusa shop) and the write makes it smaller: such a value
 * can be read and shrunk, never grown. `null` and `undefined` always pass.
 */
export function boundedJson<T>(field: string, next: T, stored?: unknown): T {
  if (next === null || next === undefined) return next;
  const after = measureJson(next);
  if (withinBounds(after)) return next;
  if (stored !== null && stored !== undefined && shrinks(after, measureJson(stored))) return next;
  throw ApiError.invalid(boundsMessage(field));
}
