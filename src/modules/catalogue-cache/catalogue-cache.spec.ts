import { LruBodyCache } from './lru-body-cache';

describe('LruBodyCache', () => {
  const body = (n: number) => 'x'.repeat(n);
  const json = (text: string) => ({ body: text, encoded: Buffer.from(text), early: false });

  it('returns what was stored, and evicts the least recently used past the entry limit', () => {
    const cache = new LruBodyCache(1_000_000, 2);
    cache.set('a', { ...json('{"a":1}'), scope: 'products' });
    cache.set('b', { ...json('{"b":1}'), scope: 'products' });
    expect(cache.get('a')?.body).toBe('{"a":1}'); // a is now the most recent
    cache.set('c', { ...json('{"c":1}'), scope: 'products' });
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')?.body).toBe('{"a":1}');
    expect(cache.get('c')?.body).toBe('{"c":1}');
    expect(cache.size).toBe(2);
  });

  it('stays within its byte budget, and refuses a body over an eighth of it', () => {
    const cache = new LruBodyCache(80_000, 1000);
    for (let i = 0; i < 20; i++) expect(cache.set(`k${i}`, { ...json(body(4_500)), scope: 'collections' })).toBe(true);
    expect(cache.bytes).toBeLessThanOrEqual(80_000);
    expect(cache.size).toBeLessThan(20);
    expect(cache.get('k19')).toBeDefined();
    expect(cache.get('k0')).toBeUndefined();
    expect(cache.set('huge', { ...json(body(5_001)), scope: 'collections' })).toBe(false);
    expect(cache.get('huge')).toBeUndefined();
  });

  it('replaces an entry without counting it twice, and drops one scope at a time', () => {
    const cache = new LruBodyCache(1_000_000, 100);
    cache.set('p', { ...json(body(100)), scope: 'products' });
    const once = cache.bytes;
    cache.set('p', { ...json(body(100)), scope: 'products' });
    expect(cache.bytes).toBe(once);
    cache.set('c', { ...json(body(100)), scope: 'currencies' });
    cache.deleteScope('products');
    expect(cache.get('p')).toBeUndefined();
    expect(cache.get('c')).toBeDefined();
    expect(cache.bytes).toBe(once);
    cache.clear();
    expect([cache.size, cache.bytes]).toEqual([0, 0]);
  });
});
