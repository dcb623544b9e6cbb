import { LRUCache } from 'lru-cache';
import type { DataVersions } from './data-versions.js';
import type { Topic } from './topics.js';

/** What a cache keeps: the topics its values are read from, how many entries, and how long at most. */
export interface CacheSpec {
  /** An entry answers only while every one of these keeps the version it had before the entry was read. */
  topics: readonly Topic[];
  /** Entries kept at most; the least recently used go first. */
  max: number;
  /** Milliseconds an entry lives at most (a `set` may give its own; 0: not kept; Infinity: while its topics hold). */
  ttlMs: number;
}

/** What names an entry: a string or number as it is, anything else by its JSON (`cacheKey`). */
export type CacheKey = string | number | readonly unknown[] | { readonly [field: string]: unknown };

interface Entry<V> {
  value: V;
  stamp: string;
}

/** How long a computed value is kept: milliseconds, or milliseconds chosen from the value (0: not kept). */
export type CacheLifetime<V> = number | ((value: V) => number);

/**
 * An in-process cache of values made of some cache topics, built by the platform (`CacheLayer.of`): an entry is
 * answered only while every topic keeps the version it had before the entry was read (a write on any instance
 * makes it stale), for its time to live at most, and the least recently used go first beyond `max`.
 */
export class TopicCache<V> {
  private readonly entries: LRUCache<string, Entry<V>>;
  /** Computations in flight by key, with the stamp they were started under (`getOrCompute` shares them). */
  private readonly computing = new Map<string, { stamp: string; value: Promise<V> }>();

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
    // lru-cache keeps an entry while its age is at most `ttl` (0: no limit); here it ends when its age reaches `ttlMs`.
    const ttl = ttlMs === Number.POSITIVE_INFINITY ? 0 : Math.max(1, ttlMs - 1);
    this.entries.set(cacheKey(key), { value, stamp }, { ttl });
  }

  /**
   * The current value of `key`, else `compute()`'s (kept for `ttlMs` when nothing changed while it ran). Callers
   * that miss while a computation of `key` started under the same stamp is in flight share it instead of starting
   * their own; a change since it started makes the next caller start a new one.
   */
  async getOrCompute(
    key: CacheKey,
    compute: () => Promise<V>,
    ttlMs: CacheLifetime<V> = this.spec.ttlMs,
  ): Promise<V> {
    const name = cacheKey(key);
    const cached = this.get(name);
    if (cached !== undefined) return cached;
    const stamp = this.stamp();
    if (stamp === null) return compute();
    const pending = this.computing.get(name);
    if (pending?.stamp === stamp) return pending.value;
    const value = compute()
      .then((computed) => {
        this.set(name, computed, stamp, typeof ttlMs === 'function' ? ttlMs(computed) : ttlMs);
        return computed;
      })
      .finally(() => {
        if (this.computing.get(name)?.value === value) this.computing.delete(name);
      });
    this.computing.set(name, { stamp, value });
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
