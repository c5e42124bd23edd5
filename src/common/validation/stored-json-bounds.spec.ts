import { ApiError } from '../errors/api-error';
import { boundedJson, boundsMessage, measureJson, STORED_JSON_BOUNDS } from './stored-json-bounds';

const { bytes, keys, depth } = STORED_JSON_BOUNDS;
const nested = (levels: number): unknown => {
  let value: unknown = 1;
  for (let i = 0; i < levels; i++) value = { a: value };
  return value;
};
const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return err;
  }
  return undefined;
};

describe('STORED_JSON_BOUNDS', () => {
  it('measures UTF-8 bytes of the JSON text, top-level keys and depth (arrays count as a level)', () => {
    expect(measureJson({ a: 'é' })).toEqual({ bytes: 10, keys: 1, depth: 1 });
    expect(measureJson({ a: [{ b: 1 }], c: null })).toEqual({ bytes: 24, keys: 2, depth: 3 });
    // No recursion: any depth is measured; beyond what JSON.stringify can take, the size counts as infinite.
    expect(measureJson(nested(100_000))).toEqual({ bytes: Number.POSITIVE_INFINITY, keys: 1, depth: 100_000 });
    expect(refusal(() => boundedJson('metadata', nested(100_000), nested(100_000)))).toBeInstanceOf(ApiError);
  });

  it('passes a value at the bounds and refuses one beyond any of them, naming the field', () => {
    const exactly = { s: 'x'.repeat(bytes - 8) }; // {"s":"..."} is 8 bytes around the string
    expect(measureJson(exactly).bytes).toBe(bytes);
    expect(boundedJson('metadata', exactly)).toBe(exactly);
    expect(boundedJson('context', nested(depth))).toEqual(nested(depth));
    const manyKeys = Object.fromEntries(Array.from({ length: keys }, (_, i) => [`k${i}`, i]));
    expect(boundedJson('data', manyKeys)).toBe(manyKeys);

    for (const [field, value] of [
      ['metadata', { s: 'x'.repeat(bytes - 7) }],
      ['context', nested(depth + 1)],
      ['data', { ...manyKeys, one: 'more' }],
    ] as const) {
      const err = refusal(() => boundedJson(field, value));
      expect(err).toBeInstanceOf(ApiError);
      expect(err).toMatchObject({ type: 'invalid_data', message: boundsMessage(field) });
    }
    expect(boundedJson('metadata', null)).toBeNull();
  });

  it('lets a stored value already beyond the bounds shrink, never grow or stay the same', () => {
    const stored = { a: 'x'.repeat(bytes), b: 'y'.repeat(bytes) };
    expect(boundedJson('metadata', { b: stored.b }, stored)).toEqual({ b: stored.b }); // still beyond, smaller
    expect(refusal(() => boundedJson('metadata', { ...stored, c: 1 }, stored))).toBeInstanceOf(ApiError);
    expect(refusal(() => boundedJson('metadata', { ...stored, a: 'z'.repeat(bytes) }, stored))).toBeInstanceOf(ApiError);
    // Smaller in bytes but deeper than before is not a shrink.
    expect(refusal(() => boundedJson('metadata', { a: stored.a, b: { c: 1 } }, stored))).toBeInstanceOf(ApiError);
  });
});
