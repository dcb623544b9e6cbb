import { describe, expect, it } from 'vitest';
import { TtlCache } from './ttl-cache.js';

describe('TtlCache', () => {
  it('should forget entries after their time to live', () => {
    let now = 0;
    const cache = new TtlCache<string>({ maxEntries: 10, now: () => now });
    cache.set('a', 'x', 100);
    expect(cache.get('a')).toBe('x');
    now = 100;
    expect(cache.get('a')).toBeUndefined();
  });

  it('should drop the least recently used entry beyond its size and keep nothing with a zero lifetime', () => {
    const cache = new TtlCache<number>({ maxEntries: 2, now: () => 0 });
    cache.set('a', 1, 10);
    cache.set('b', 2, 10);
    cache.get('a');
    cache.set('c', 3, 10);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([1, undefined, 3]);
    cache.set('d', 4, 0);
    expect(cache.get('d')).toBeUndefined();
  });

  it('should keep the recency order when the newest entry is read again and again', () => {
    const cache = new TtlCache<number>({ maxEntries: 2, now: () => 0 });
    cache.set('a', 1, 10);
    cache.set('b', 2, 10);
    cache.get('b');
    cache.get('b');
    cache.get('a');
    cache.get('a');
    cache.set('c', 3, 10);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([1, undefined, 3]);
  });
});
