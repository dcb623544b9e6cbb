import type { DataVersions } from './data-versions.js';
import { TtlCache } from './ttl-cache.js';

/**
 * An in-process cache of values made of some cache topics: an entry is answered only while every topic keeps the
 * version it had before the entry was read (a write on any instance makes it stale), and lives `ttlMs` at most;
 * the least recently used go first beyond `maxEntries`.
 */
export class VersionedCache<V> {
  private readonly entries: TtlCache<{ value: V; stamp: string }>;

  constructor(
    private readonly versions: DataVersions,
    private readonly topics: readonly string[],
    options: { maxEntries: number; now: () => number },
  ) {
    this.entries = new TtlCache(options);
  }

  /** The topics' versions now (null: nothing may be cached now): take it before the read whose result you `set`. */
  stamp(): string | null {
    return this.versions.stamp(this.topics);
  }

  /** The value of `key` while its topics are unchanged, or undefined. */
  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    return entry && this.versions.holds(this.topics, entry.stamp) ? entry.value : undefined;
  }

  /** Keeps `value`, read after `stamp` was taken, for `ttlMs` — unless a topic changed in between. */
  set(key: string, value: V, stamp: string | null, ttlMs: number): void {
    if (stamp !== null && this.versions.holds(this.topics, stamp))
      this.entries.set(key, { value, stamp }, ttlMs);
  }

  /** The current value of `key`, else `compute()`'s (kept when nothing changed while it ran). */
  async getOrCompute(key: string, ttlMs: number, compute: () => Promise<V>): Promise<V> {
    const cached = this.get(key);
    if (cached !== undefined) return cached;
    const stamp = this.stamp();
    const value = await compute();
    this.set(key, value, stamp, ttlMs);
    return value;
  }
}
