import { LruMap } from './lru-map';

describe('LruMap', () => {
  it('forgets the least recently used entry when full', () => {
    const lru = new LruMap<string, number>(2);
    lru.set('a', 1);
    lru.set('b', 2);
    expect(lru.get('a')).toBe(1); // now b is the oldest
    expect(lru.set('c', 3)).toEqual([['b', 2]]);
    expect(lru.has('b')).toBe(false);
    expect(lru.get('a')).toBe(1);
    expect(lru.get('c')).toBe(3);
    expect(lru.size).toBe(2);
  });

  it('replaces an existing key without evicting another', () => {
    const lru = new LruMap<string, number>(2);
    lru.set('a', 1);
    lru.set('b', 2);
    expect(lru.set('a', 10)).toEqual([]);
    expect(lru.get('a')).toBe(10);
    expect(lru.size).toBe(2);
  });

  it('never grows past its capacity, whatever is stored', () => {
    const lru = new LruMap<number, number>(5);
    for (let i = 0; i < 1000; i++) lru.set(i, i);
    expect(lru.size).toBe(5);
    expect([995, 996, 997, 998, 999].every((k) => lru.has(k))).toBe(true);
  });
});
