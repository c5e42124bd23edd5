import { createHash, createHmac, randomBytes, scrypt as scryptCb, timingSafeEqual } from 'crypto';

/**
 * Passwords in the Tarsnap scrypt format that Medusa v1 (scrypt-kdf) stores, base64
 * encoded, so hashes imported from a Medusa database verify here and ours verify there.
 * Layout (96 bytes): "scrypt" | version 0 | logN | r (u32 BE) | p (u32 BE) | salt (32)
 * | SHA-256(bytes 0..47)[0..16] | HMAC-SHA256(key[32..64], bytes 0..63).
 * Verification uses the parameters stored in the hash. New hashes use logN 15, r 8, p 1
 * (Medusa used logN 1, which offers no protection).
 */
const DEFAULT_PARAMS = { logN: 15, r: 8, p: 1 };
const MAX_LOG_N = 20;

function scrypt(password: Buffer, salt: Buffer, logN: number, r: number, p: number): Promise<Buffer> {
  const N = 2 ** logN;
  return new Promise((resolve, reject) =>
    scryptCb(password, salt, 64, { N, r, p, maxmem: 256 * N * r + 1024 * 1024 }, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

export async function hashPassword(password: string, params = DEFAULT_PARAMS): Promise<string> {
  const header = Buffer.alloc(48);
  header.write('scrypt', 0, 'ascii');
  header.writeUInt8(0, 6);
  header.writeUInt8(params.logN, 7);
  header.writeUInt32BE(params.r, 8);
  header.writeUInt32BE(params.p, 12);
  randomBytes(32).copy(header, 16);
  const checksum = createHash('sha256').update(header).digest().subarray(0, 16);
  const key = await scrypt(Buffer.from(password, 'utf8'), header.subarray(16, 48), params.logN, params.r, params.p);
  const first64 = Buffer.concat([header, checksum]);
  const hmac = createHmac('sha256', key.subarray(32)).update(first64).digest();
  return Buffer.concat([first64, hmac]).toString('base64');
}

/**
 * Whether a hash that verified was made with weaker parameters than ours (every hash
 * imported from Medusa v1, which used logN 1, r 1, p 1): the caller then stores a fresh
 * hash of the password it has just checked, so imported accounts reach full strength at
 * their first login without anyone resetting a password.
 */
export function needsRehash(stored: string | null | undefined): boolean {
  if (!stored) return false;
  const blob = Buffer.from(stored, 'base64');
  if (blob.length !== 96) return false;
  const logN = blob.readUInt8(7);
  const r = blob.readUInt32BE(8);
  const p = blob.readUInt32BE(12);
  return logN < DEFAULT_PARAMS.logN || r < DEFAULT_PARAMS.r || p < DEFAULT_PARAMS.p;
}

let dummyHash: Promise<string> | undefined;

/**
 * Whether the password matches the stored hash. Without a stored hash (no such account)
 * the password is checked against a throwaway hash of the same cost, and the answer is
 * false: an unknown email takes as long as a wrong password, so timing tells nobody which
 * emails have accounts.
 */
export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  if (!stored) {
    dummyHash ??= hashPassword(randomBytes(24).toString('base64'));
    await verifyStored(password, await dummyHash);
    return false;
  }
  return verifyStored(password, stored);
}

async function verifyStored(password: string, stored: string): Promise<boolean> {
  const blob = Buffer.from(stored, 'base64');
  if (blob.length !== 96 || blob.subarray(0, 6).toString('ascii') !== 'scrypt' || blob.readUInt8(6) !== 0) return false;
  const logN = blob.readUInt8(7);
  const r = blob.readUInt32BE(8);
  const p = blob.readUInt32BE(12);
  if (logN < 1 || logN > MAX_LOG_N || r < 1 || r > 32 || p < 1 || p > 16) return false;
  const checksum = createHash('sha256').update(blob.subarray(0, 48)).digest().subarray(0, 16);
  if (!timingSafeEqual(checksum, blob.subarray(48, 64))) return false;
  const key = await scrypt(Buffer.from(password, 'utf8'), blob.subarray(16, 48), logN, r, p);
  const hmac = createHmac('sha256', key.subarray(32)).update(blob.subarray(0, 64)).digest();
  return timingSafeEqual(hmac, blob.subarray(64, 96));
}
