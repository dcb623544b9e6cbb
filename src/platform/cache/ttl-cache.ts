import { CacheGeneration } from './cache-generation.js';

/**
 * A small in-process cache: entries live `ttlMs`, the least recently used go first beyond `maxEntries`.
 * Pass `stamp()`, taken before a read, to `set` so that its answer is dropped when the cache was cleared meanwhile;
 * caches cleared together share one `generation`.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; expires: number }>();
  /** The most recently used key: a hit on it needs no reordering (the hot path of a repeated request). */
  private newest: string | undefined;
  private readonly generation: CacheGeneration;

  constructor(
    private readonly options: { maxEntries: number; now: () => number; generation?: CacheGeneration },
  ) {
    this.generation = options.generation ?? new CacheGeneration();
  }

  /** The live value of `key`, or undefined. */
  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= this.options.now()) {
      this.entries.delete(key);
      return undefined;
    }
    if (key !== this.newest) {
      this.entries.delete(key);
      this.entries.set(key, entry);
      this.newest = key;
    }
    return entry.value;
  }

  /** The generation now, to pass to `set` with the answer of a read begun after it. */
  stamp(): number {
    return this.generation.stamp();
  }

  /**
   * Keeps `value` for `ttlMs`. Nothing is kept when `ttlMs` is 0, nor when the cache was cleared since `since`
   * (the stamp taken before `value` was read).
   */
  set(key: string, value: V, ttlMs: number, since?: number): void {
    if (ttlMs <= 0 || (since !== undefined && !this.generation.holds(since))) return;
    this.entries.delete(key);
    this.entries.set(key, { value, expires: this.options.now() + ttlMs });
    this.newest = key;
    while (this.entries.size > this.options.maxEntries)
      this.entries.delete(this.entries.keys().next().value!);
  }

  /** Forgets everything, and every answer still being read (see `set`). */
  clear(): void {
    this.entries.clear();
    this.newest = undefined;
    this.generation.advance();
  }
}
