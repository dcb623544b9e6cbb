/** A small in-process cache: entries live `ttlMs`, the least recently used go first beyond `maxEntries`. */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; expires: number }>();

  constructor(private readonly options: { maxEntries: number; now: () => number }) {}

  /** The live value of `key`, or undefined. */
  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= this.options.now()) {
      this.entries.delete(key);
      return undefined;
    }
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /** Keeps `value` for `ttlMs` (nothing is kept when `ttlMs` is 0). */
  set(key: string, value: V, ttlMs: number): void {
    if (ttlMs <= 0) return;
    this.entries.delete(key);
    this.entries.set(key, { value, expires: this.options.now() + ttlMs });
    while (this.entries.size > this.options.maxEntries)
      this.entries.delete(this.entries.keys().next().value!);
  }

  /** Forgets everything. */
  clear(): void {
    this.entries.clear();
  }
}
