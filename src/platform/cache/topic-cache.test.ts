import { describe, expect, it } from 'vitest';
import type { DataVersions } from './data-versions.js';
import { cacheKey, TopicCache } from './topic-cache.js';
import { defineTopics } from './topics.js';

const TOPICS = defineTopics('topic-cache-test', ['data']);

/** Data versions of one topic that a test moves by hand (`bump`). */
function fakeVersions() {
  let version = 0;
  const versions = {
    stamp: () => String(version),
    holds: (_topics: unknown, stamp: string | null) => stamp === String(version),
  } as unknown as DataVersions;
  return { versions, bump: () => version++ };
}

function cacheOf(options: { max: number; ttlMs: number; now: () => number }) {
  const data = fakeVersions();
  const cache = new TopicCache<string>(
    data.versions,
    { topics: [TOPICS.data], max: options.max, ttlMs: options.ttlMs },
    options.now,
  );
  return { cache, bump: data.bump };
}

describe('TopicCache', () => {
  it('should forget entries when their time to live has passed', () => {
    let now = 1_000;
    const { cache } = cacheOf({ max: 10, ttlMs: 100, now: () => now });
    cache.set('a', 'x', cache.stamp());
    expect(cache.get('a')).toBe('x');
    now += 99;
    expect(cache.get('a')).toBe('x');
    now += 1;
    expect(cache.get('a')).toBeUndefined();
  });

  it('should drop the least recently used entry beyond its size and keep nothing with a zero lifetime', () => {
    const { cache } = cacheOf({ max: 2, ttlMs: 10, now: () => 1_000 });
    cache.set('a', '1', cache.stamp());
    cache.set('b', '2', cache.stamp());
    cache.get('a');
    cache.set('c', '3', cache.stamp());
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual(['1', undefined, '3']);
    cache.set('d', '4', cache.stamp(), 0);
    expect(cache.get('d')).toBeUndefined();
  });

  it('should stop answering when a topic moves, and never keep a value read across a move', async () => {
    const { cache, bump } = cacheOf({ max: 10, ttlMs: 1_000, now: () => 1_000 });
    cache.set('a', 'old', cache.stamp());
    bump();
    expect(cache.get('a')).toBeUndefined();
    const value = await cache.getOrCompute('a', async () => {
      bump();
      return 'read across a write';
    });
    expect(value).toBe('read across a write');
    expect(cache.get('a')).toBeUndefined();
    expect(await cache.getOrCompute('a', async () => 'new')).toBe('new');
    expect(cache.get('a')).toBe('new');
  });

  it('should name an entry by the same key for the same arguments', () => {
    const { cache } = cacheOf({ max: 10, ttlMs: 1_000, now: () => 1_000 });
    cache.set(['page', { user: 3 }, 2], 'x', cache.stamp());
    expect(cache.get(['page', { user: 3 }, 2])).toBe('x');
    expect(cache.get(['page', { user: 3 }, 3])).toBeUndefined();
    expect(cacheKey(7)).toBe('7');
    expect(cacheKey('plain')).toBe('plain');
  });

  it('should share a computation in flight among callers of the same stamp, and start a new one after a move', async () => {
    const { cache, bump } = cacheOf({ max: 10, ttlMs: 1_000, now: () => 1_000 });
    let reads = 0;
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const read = async () => {
      const n = ++reads;
      await held;
      return `read ${n}`;
    };
    const first = cache.getOrCompute('a', read);
    const second = cache.getOrCompute('a', read);
    await Promise.resolve();
    bump();
    const third = cache.getOrCompute('a', read);
    release();
    expect(await Promise.all([first, second, third])).toEqual(['read 1', 'read 1', 'read 2']);
    expect(reads).toBe(2);
    expect(cache.get('a')).toBe('read 2');
  });

  it('should keep a value for the lifetime chosen from it, or while its topics hold', async () => {
    let now = 1_000;
    const { cache } = cacheOf({ max: 10, ttlMs: Number.POSITIVE_INFINITY, now: () => now });
    await cache.getOrCompute(
      'short',
      async () => '50',
      (value) => Number(value),
    );
    await cache.getOrCompute(
      'none',
      async () => '0',
      (value) => Number(value),
    );
    await cache.getOrCompute('always', async () => 'kept');
    now += 49;
    expect([cache.get('short'), cache.get('none'), cache.get('always')]).toEqual(['50', undefined, 'kept']);
    now += 100_000_000;
    expect([cache.get('short'), cache.get('always')]).toEqual([undefined, 'kept']);
  });
});
