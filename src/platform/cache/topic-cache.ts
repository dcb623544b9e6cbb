import { LRUCache } from 'lru-cache';
import type { DataVersions } from './data-versions.js';
import type { Topic } from './topics.js';

/** What a cache keeps: the topics its values are read from, how many entries, and how long at most. */
export interface CacheSpec {
  /** An entry answers only while every one of these keeps the version it had before the entry was read. */
  topics: readonly Topic[];
  /** Entries kept at most; the least recently used go first. */
  max: number;
  /** Milliseconds an entry lives at most (a `set` may give its own; 0: not kept). */
  ttlMs: number;
}

/** What names an entry: a string or number as it is, anything else by its JSON (`cacheKey`). */
export type CacheKey = string | number | readonly unknown[] | { readonly [field: string]: unknown };

interface Entry<V> {
  value: V;
  stamp: string;
}

/**
 * An in-process cache of values made of some cache topics, built by the platform (`CacheLayer.of`): an entry is
 * answered only while every topic keeps the version it had before the entry was read (a write on any instance
 * makes it stale), for its time to live at most, and the least recently used go first beyond `max`.
 */
export class TopicCache<V> {
  private readonly entries: LRUCache<string, Entry<V>>;

  constructor(
    private readonly versions: DataVersions,
    private readonly spec: CacheSpec,
    now: () => number,
  ) {
    // No time resolution: every expiry check reads the clock (no timer per millisecond, exact with a test clock).
    this.entries = new LRUCache({ max: spec.max, ttlResolution: 0, perf: { now } });
  }

  /** The topics' versions now (null: nothing may be cached now): take it before the read whose result you `set`. */
  stamp(): string | null {
    return this.versions.stamp(this.spec.topics);
  }

  /** The value of `key` while its topics are unchanged, or undefined. */
  get(key: CacheKey): V | undefined {
    const entry = this.entries.get(cacheKey(key));
    return entry && this.versions.holds(this.spec.topics, entry.stamp) ? entry.value : undefined;
  }

  /** Keeps `value`, read after `stamp` was taken, for `ttlMs` — unless a topic changed in between. */
  set(key: CacheKey, value: V, stamp: string | null, ttlMs = this.spec.ttlMs): void {
    if (ttlMs <= 0 || stamp === null || !this.versions.holds(this.spec.topics, stamp)) return;
    // lru-cache keeps an entry while its age is at most `ttl`; here it ends when its age reaches `ttlMs`.
    this.entries.set(cacheKey(key), { value, stamp }, { ttl: Math.max(1, ttlMs - 1) });
  }

  /** The current value of `key`, else `compute()`'s (kept when nothing changed while it ran). */
  async getOrCompute(key: CacheKey, compute: () => Promise<V>, ttlMs = this.spec.ttlMs): Promise<V> {
    const name = cacheKey(key);
    const cached = this.get(name);
    if (cached !== undefined) return cached;
    const stamp = this.stamp();
    const value = await compute();
    this.set(name, value, stamp, ttlMs);
    return value;
  }
}

/**
 * The text of a key: strings as they are, numbers as decimals, anything else as its JSON (the same values built
 * the same way give the same text; native JSON, as a key is made on every lookup).
 */
export function cacheKey(key: CacheKey): string {
  if (typeof key === 'string') return key;
  if (typeof key === 'number') return String(key);
  return JSON.stringify(key);
}
