import { decodeTime } from 'ulid';
import { generateEntityId, ulid } from './ids';

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
});
