import { hashPassword, needsRehash, verifyPassword } from './password-hasher';

describe('password hasher (Tarsnap scrypt format, as Medusa v1 stores)', () => {
  it('verifies the password it hashed and rejects another', async () => {
    const hash = await hashPassword('supersecret', { logN: 4, r: 8, p: 1 });
    expect(Buffer.from(hash, 'base64')).toHaveLength(96);
    expect(hash).toHaveLength(128);
    await expect(verifyPassword('supersecret', hash)).resolves.toBe(true);
    await expect(verifyPassword('supersecreT', hash)).resolves.toBe(false);
  });

  it('salts every hash', async () => {
    const a = await hashPassword('x', { logN: 4, r: 8, p: 1 });
    const b = await hashPassword('x', { logN: 4, r: 8, p: 1 });
    expect(a).not.toEqual(b);
  });

  it('verifies a hash produced by Medusa v1 (scrypt-kdf, logN 1, r 1, p 1)', async () => {
    // Produced by scrypt-kdf 4.0.0: kdf('supersecret', {logN: 1, r: 1, p: 1}), Medusa v1's parameters.
    const medusa = 'c2NyeXB0AAEAAAABAAAAAfBZKPVQEH2Ezl6tCZIR92bMhXItSLoMAIGKurP1d3M9dBElymhubQDhTyqTVYz9Q9/tT40uaUfFqgKp7yFutL/OR0CQpM45lQj/mx760rmV';
    await expect(verifyPassword('supersecret', medusa)).resolves.toBe(true);
    await expect(verifyPassword('supersecret2', medusa)).resolves.toBe(false);
  });

  it('asks for a re-hash of Medusa-strength hashes only, so imported accounts are upgraded at their first login', async () => {
    const medusa = 'c2NyeXB0AAEAAAABAAAAAfBZKPVQEH2Ezl6tCZIR92bMhXItSLoMAIGKurP1d3M9dBElymhubQDhTyqTVYz9Q9/tT40uaUfFqgKp7yFutL/OR0CQpM45lQj/mx760rmV';
    expect(needsRehash(medusa)).toBe(true);
    expect(needsRehash(await hashPassword('x', { logN: 14, r: 8, p: 1 }))).toBe(true);
    expect(needsRehash(await hashPassword('x'))).toBe(false);
    expect(needsRehash(null)).toBe(false);
    expect(needsRehash('not-a-hash')).toBe(false);
  });

  it('rejects malformed or tampered hashes without throwing', async () => {
    await expect(verifyPassword('a', null)).resolves.toBe(false);
    await expect(verifyPassword('a', 'not-a-hash')).resolves.toBe(false);
    const hash = Buffer.from(await hashPassword('a', { logN: 4, r: 8, p: 1 }), 'base64');
    hash[20] ^= 1; // flips a salt bit: the header checksum no longer matches
    await expect(verifyPassword('a', hash.toString('base64'))).resolves.toBe(false);
  });

  it('spends a full verification on a missing hash (unknown account), so timing does not reveal which emails exist', async () => {
    const real = await hashPassword('supersecret');
    await verifyPassword('warm-up', null); // the throwaway hash is made once, on first use
    const time = async (stored: string | null) => {
      const started = process.hrtime.bigint();
      await expect(verifyPassword('wrong-password', stored)).resolves.toBe(false);
      return Number(process.hrtime.bigint() - started);
    };
    const median = (xs: number[]) => xs.sort((x, y) => x - y)[Math.floor(xs.length / 2)];
    const unknown: number[] = [];
    const wrong: number[] = [];
    for (let i = 0; i < 5; i++) {
      unknown.push(await time(null));
      wrong.push(await time(real));
    }
    // Coarse on purpose (shared machines): without the throwaway check the ratio is below 0.05.
    expect(median(unknown) / median(wrong)).toBeGreaterThan(0.4);
  });
});
