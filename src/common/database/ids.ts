import { randomFillSync } from 'crypto';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const RANDOM_CHARS = 16; // 80 bits, as in a ULID
const POOL_SIZE = RANDOM_CHARS * 256;

/**
 * Random bytes drawn from the OS in blocks: the `ulid` package asks `crypto` for one byte
 * per character, which showed up at about 0.2 ms per cart write in CPU profiles. Every
 * byte is still from the CSPRNG, and each is used once.
 */
const pool = Buffer.allocUnsafe(POOL_SIZE);
let offset = POOL_SIZE;

function encodeTime(ms: number): string {
  let out = '';
  for (let i = 0; i < 10; i++) {
    out = CROCKFORD[ms % 32] + out;
    ms = Math.floor(ms / 32);
  }
  return out;
}

/** A ULID: 10 characters of millisecond time, then 16 random characters (Crockford base32). */
export function ulid(now: number = Date.now()): string {
  if (offset + RANDOM_CHARS > POOL_SIZE) {
    randomFillSync(pool);
    offset = 0;
  }
  let random = '';
  // 256 is a multiple of 32, so `byte & 31` is uniform.
  for (let i = 0; i < RANDOM_CHARS; i++) random += CROCKFORD[pool[offset + i] & 31];
  offset += RANDOM_CHARS;
  return encodeTime(now) + random;
}

function nextPoolBytes(count: number): Buffer {
  if (offset + count > POOL_SIZE) {
    randomFillSync(pool);
    offset = 0;
  }
  const bytes = pool.subarray(offset, offset + count);
  offset += count;
  return bytes;
}

/** The random part of the last id, as 16 base-32 digits, and its millisecond. */
let lastTime = -1;
const lastRandom = new Uint8Array(RANDOM_CHARS);
const STEP_DIGITS = 8; // each step adds 1 to 2^40 - 1

/**
 * A ULID that sorts after every earlier one from this process, so rows created in one
 * request (a cart's line items, inserted within a millisecond) keep their order when
 * sorted by id. Within one millisecond (or when the clock steps back) the random part
 * grows by a fresh random step of up to 40 bits rather than by one, so an id still does
 * not give away the next one (a cart id is the cart's only key).
 */
export function monotonicUlid(now: number = Date.now()): string {
  if (now > lastTime) {
    const bytes = nextPoolBytes(RANDOM_CHARS);
    for (let i = 0; i < RANDOM_CHARS; i++) lastRandom[i] = bytes[i] & 31;
    lastTime = now;
  } else {
    const step = nextPoolBytes(STEP_DIGITS);
    let carry = 0;
    for (let i = 0; i < RANDOM_CHARS; i++) {
      const digit = RANDOM_CHARS - 1 - i;
      // The step is never 0: its lowest digit is at least 1.
      const add = i < STEP_DIGITS ? (i === 0 ? (step[i] & 31) | 1 : step[i] & 31) : 0;
      const sum = lastRandom[digit] + add + carry;
      lastRandom[digit] = sum & 31;
      carry = sum >> 5;
      if (i >= STEP_DIGITS && carry === 0) break;
    }
    // 2^80 values a millisecond: running out means ~2^40 ids in one; move to the next one.
    if (carry) return monotonicUlid(lastTime + 1);
  }
  let random = '';
  for (let i = 0; i < RANDOM_CHARS; i++) random += CROCKFORD[lastRandom[i]];
  return encodeTime(lastTime) + random;
}

/** Medusa's id format: `<prefix>_<ULID>`, time ordered (within the process too), unguessable enough to be a cart key. */
export function generateEntityId(prefix: string): string {
  return `${prefix}_${monotonicUlid()}`;
}
