/**
 * A map that keeps at most `capacity` entries, forgetting the least recently used first.
 * A Map iterates in insertion order, so re-inserting on a hit keeps the oldest first.
 */
export class LruMap<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(private readonly capacity: number) {
    if (!(capacity >= 1)) throw new Error('An LRU map needs room for one entry at least');
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  /** Stores the entry as the most recent; returns the entries forgotten to make room. */
  set(key: K, value: V): [K, V][] {
    this.entries.delete(key);
    const evicted: [K, V][] = [];
    while (this.entries.size >= this.capacity) {
      const [oldest, old] = this.entries.entries().next().value as [K, V];
      this.entries.delete(oldest);
      evicted.push([oldest, old]);
    }
    this.entries.set(key, value);
    return evicted;
  }

  has(key: K): boolean {
    return this.entries.has(key);
  }

  delete(key: K): boolean {
    return this.entries.delete(key);
  }
}
