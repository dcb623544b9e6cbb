/**
 * A small in-process store: entries live `ttlMs`, the least recently used go first beyond `maxEntries`. It knows
 * nothing of freshness: caches of data use `VersionedCache`, which keeps its entries here.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; expires: number }>();
  /** The most recently used key: a hit on it needs no reordering (the hot path of a repeated request). */
  private newest: string | undefined;

  constructor(private readonly options: { maxEntries: number; now: () => number }) {}

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

  /** Keeps `value` for `ttlMs` (nothing is kept when `ttlMs` is 0). */
  set(key: string, value: V, ttlMs: number): void {
    if (ttlMs <= 0) return;
    this.entries.delete(key);
    this.entries.set(key, { value, expires: this.options.now() + ttlMs });
    this.newest = key;
    while (this.entries.size > this.options.maxEntries)
      this.entries.delete(this.entries.keys().next().value!);
  }
}
