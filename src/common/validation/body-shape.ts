import type { IncomingMessage } from 'http';

/**
 * Bounds on the shape of a JSON request body, checked on its raw bytes before it is even
 * parsed (body-parser's `verify` step), so a body beyond them costs one pass over its bytes
 * and nothing else: no JSON.parse, and no class-transformer / class-validator walk (those cost
 * far more per key, some of it quadratic in one object's keys, and recurse, so JSON nested
 * 5 000 deep overflowed the stack). Generous for every body Medusa's admin and storefront
 * send: a product with hundreds of variants stays well inside. Free-form fields have the
 * tighter STORED_JSON_BOUNDS on top. (URL-encoded bodies are bounded by the parser itself:
 * 1 000 parameters, 32 levels.)
 */
export const BODY_SHAPE_LIMITS = {
  /** Levels of nesting of objects and arrays. */
  depth: 32,
  /**
   * Keys of any one object: class-transformer's walk costs the square of it. Medusa's
   * requests have a few dozen at most; stored free-form objects 100 at their top level.
   */
  keysPerObject: 200,
  /** Object keys plus array entries in the whole body. */
  values: 20_000,
} as const;

/** A body beyond BODY_SHAPE_LIMITS (400 invalid_data, mapped where the app's Express errors are answered). */
export class BodyShapeError extends Error {
  readonly status = 400;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const COLON = 0x3a;
const COMMA = 0x2c;

function isWhitespace(byte: number): boolean {
  return byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;
}

/**
 * The first bound the JSON text crosses, as a message, or null. One pass over the bytes (a
 * UTF-8 multi-byte sequence never contains an ASCII quote, backslash or bracket), stopping
 * at the first bound crossed. Malformed JSON is left to the parser.
 */
export function jsonShapeProblem(bytes: Uint8Array): string | null {
  const { depth, keysPerObject, values } = BODY_SHAPE_LIMITS;
  // Per open level: key count for an object, -1 marks an array (level 0: outside any).
  const keys = new Int32Array(depth + 2);
  let level = 0;
  let seen = 0;
  let arrayJustOpened = false;
  const length = bytes.length;
  for (let i = 0; i < length; i++) {
    const byte = bytes[i];
    if (arrayJustOpened && !isWhitespace(byte)) {
      arrayJustOpened = false;
      if (byte !== CLOSE_ARRAY && ++seen > values) return tooManyValues();
    }
    switch (byte) {
      case QUOTE:
        i = endOfString(bytes, i + 1);
        break;
      case OPEN_OBJECT:
      case OPEN_ARRAY:
        if (++level > depth) return `The request body must not be nested more than ${depth} levels deep`;
        keys[level] = byte === OPEN_ARRAY ? -1 : 0;
        arrayJustOpened = byte === OPEN_ARRAY;
        break;
      case CLOSE_OBJECT:
      case CLOSE_ARRAY:
        if (level > 0) level--;
        break;
      case COLON:
        if (level > 0 && keys[level] >= 0) {
          if (++keys[level] > keysPerObject) return `An object in the request body must not have more than ${keysPerObject} keys`;
          if (++seen > values) return tooManyValues();
        }
        break;
      case COMMA:
        if (keys[level] === -1 && ++seen > values) return tooManyValues();
        break;
    }
  }
  return null;
}

/** The index of the quote closing a string that starts at `from` (the text's length when unclosed). */
function endOfString(bytes: Uint8Array, from: number): number {
  let i = from;
  for (;;) {
    const quote = bytes.indexOf(QUOTE, i);
    if (quote < 0) return bytes.length;
    let backslashes = 0;
    while (quote - backslashes - 1 >= from && bytes[quote - backslashes - 1] === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return quote;
    i = quote + 1;
  }
}

function tooManyValues(): string {
  return `The request body must not hold more than ${BODY_SHAPE_LIMITS.values} values`;
}

/** body-parser `verify` for JSON bodies: a body beyond BODY_SHAPE_LIMITS is refused before it is parsed. */
export function verifyJsonShape(_req: IncomingMessage, _res: unknown, buf: Buffer): void {
  const problem = jsonShapeProblem(buf);
  if (problem) throw new BodyShapeError(problem);
}
