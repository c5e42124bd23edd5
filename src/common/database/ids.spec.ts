import { decodeTime } from 'ulid';
import { generateEntityId, monotonicUlid, ulid } from './ids';

describe('entity ids', () => {
  it('are <prefix>_<ULID> with the creation time in the first 10 characters', () => {
    const now = Date.UTC(2026, 10, 22, 8, 30, 0, 123);
    const id = ulid(now);
    expect(id).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(decodeTime(id)).toBe(now);
    expect(generateEntityId('cart')).toMatch(/^cart_[0-9A-HJKMNP-TV-Z]{26}$/);
  });

  it('sort by time, and never repeat across many pool refills', () => {
    const ids = Array.from({ length: 20_000 }, (_, i) => ulid(1_700_000_000_000 + i));
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
  });

  it('spread the random part over the whole alphabet', () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 2_000; i++) for (const c of ulid().slice(10)) counts.set(c, (counts.get(c) ?? 0) + 1);
    expect(counts.size).toBe(32);
    // 32 000 characters: each symbol expected 1 000 times.
    for (const n of counts.values()) expect(n).toBeGreaterThan(800);
  });

  it('from one process sort in creation order, also within one millisecond or when the clock steps back', () => {
    const ms = 1_800_000_000_000;
    const ids = [monotonicUlid(ms), ...Array.from({ length: 5_000 }, () => monotonicUlid(ms)), monotonicUlid(ms - 5), monotonicUlid(ms + 1)];
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
    expect(ids.slice(0, -1).every((id) => decodeTime(id) === ms)).toBe(true);
    expect(decodeTime(ids[ids.length - 1])).toBe(ms + 1);
    const entityIds = Array.from({ length: 1_000 }, () => generateEntityId('item'));
    expect([...entityIds].sort()).toEqual(entityIds);
  });

  it('do not give away the next id of the same millisecond: successive ids are a random step apart', () => {
    const ms = 1_900_000_000_000;
    const ids = Array.from({ length: 200 }, () => monotonicUlid(ms));
    const gaps = new Set<string>();
    for (let i = 1; i < ids.length; i++) {
      const value = (id: string) => [...id.slice(10)].reduce((n, c) => n * 32n + BigInt('0123456789ABCDEFGHJKMNPQRSTVWXYZ'.indexOf(c)), 0n);
      const gap = value(ids[i]) - value(ids[i - 1]);
      expect(gap).toBeGreaterThan(0n);
      gaps.add(gap.toString());
    }
    expect(gaps.size).toBeGreaterThan(190);
  });
});
