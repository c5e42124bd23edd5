import type { ChangeScope } from '../table-changes/change-scopes';

export interface CachedBody {
  /** The JSON exactly as it was sent. */
  body: string;
  /** The same, UTF-8 encoded once (encoding a 100 kB body costs ~50 µs per response). */
  encoded: Buffer;
  /** The ETag Express computed for it, so a hit neither re-hashes nor changes it. */
  etag?: string;
  scope: ChangeScope;
  /** May be answered before Nest's router (see CatalogueCacheOptions.answerBeforeGuards). */
  early: boolean;
}

interface Entry extends CachedBody {
  bytes: number;
}

/** Fixed cost per entry (Map slot, entry object, key) on top of the body's bytes. */
const ENTRY_OVERHEAD_BYTES = 256;

/**
 * A least-recently-used map of response bodies, bounded by entry count and by bytes.
 * A Map iterates in insertion order, so re-inserting on a hit keeps the oldest first.
 */
export class LruBodyCache {
  private readonly entries = new Map<string, Entry>();
  private totalBytes = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly maxEntries: number,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  get bytes(): number {
    return this.totalBytes;
  }

  get(key: string): CachedBody | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  /**
   * Stores a body; false when it is too large to be worth keeping (over an eighth of the
   * budget: one huge page would otherwise evict everything else).
   */
  set(key: string, value: CachedBody): boolean {
    // The string (one byte per character for ASCII JSON, two otherwise) and its encoding.
    const bytes = value.body.length + value.encoded.length + key.length * 2 + ENTRY_OVERHEAD_BYTES;
    if (bytes > this.maxBytes / 8) return false;
    this.delete(key);
    this.entries.set(key, { ...value, bytes });
    this.totalBytes += bytes;
    for (const [oldest, entry] of this.entries) {
      if (this.totalBytes <= this.maxBytes && this.entries.size <= this.maxEntries) break;
      this.entries.delete(oldest);
      this.totalBytes -= entry.bytes;
    }
    return true;
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.totalBytes -= entry.bytes;
  }

  deleteScope(scope: ChangeScope): void {
    for (const [key, entry] of this.entries) if (entry.scope === scope) this.delete(key);
  }

  clear(): void {
    this.entries.clear();
    this.totalBytes = 0;
  }
}
