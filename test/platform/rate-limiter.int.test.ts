import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import {
  MemoryRateLimiter,
  type RateLimiter,
  RedisRateLimiter,
} from '../../src/platform/rate-limit/rate-limiter.js';

// The same behaviour from both stores; Redis is the CI machine's (127.0.0.1:6379, or REDIS_URL).
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisUp = await reachable(redisUrl);
if (!redisUp && process.env.CI === 'true')
  throw new Error(`Redis at ${redisUrl} is unreachable under CI=true`);

let now = 1_000_000;
const limiters: Array<[string, () => RateLimiter]> = [['memory', () => new MemoryRateLimiter(() => now)]];
if (redisUp)
  limiters.push([
    'redis',
    () => new RedisRateLimiter(new Redis(redisUrl), `test:${randomBytes(4).toString('hex')}:`),
  ]);
const opened: RateLimiter[] = [];
afterAll(async () => {
  for (const limiter of opened) await limiter.close();
});

describe.each(limiters)('%s rate limiter', (_name, make) => {
  it('should allow up to the limit in a window, then refuse with a Retry-After within the window', async () => {
    const limiter = make();
    opened.push(limiter);
    for (let i = 1; i <= 3; i++)
      expect(await limiter.hit('k1', 3, 60)).toMatchObject({ allowed: true, count: i });
    const refused = await limiter.hit('k1', 3, 60);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBeGreaterThan(0);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect(await limiter.peek('k1')).toBe(4);
    expect(await limiter.peek('other')).toBe(0);
  });

  it('should forget a key on reset', async () => {
    const limiter = make();
    opened.push(limiter);
    await limiter.hit('k2', 1, 60);
    await limiter.reset('k2');
    expect(await limiter.peek('k2')).toBe(0);
    expect((await limiter.hit('k2', 1, 60)).allowed).toBe(true);
  });
});

describe('bounded memory store', () => {
  it('should keep at most its bound of counters, dropping the least recently used first', async () => {
    const limiter = new MemoryRateLimiter(() => now, 100);
    await limiter.hit('kept', 5, 60);
    for (let i = 0; i < 5_000; i++) {
      await limiter.hit(`login:203.0.113.9:name:${i}-${'x'.repeat(2_000)}`, 5, 60);
      if (i % 50 === 0) await limiter.peek('kept'); // used recently, so never the one evicted
      expect(limiter.size).toBeLessThanOrEqual(100);
    }
    expect(await limiter.peek('kept')).toBe(1);
    expect(await limiter.peek(`login:203.0.113.9:name:0-${'x'.repeat(2_000)}`)).toBe(0);
  });
});

describe('shared counters', () => {
  it.runIf(redisUp)('should count hits from two instances against one Redis limit', async () => {
    const prefix = `test:${randomBytes(4).toString('hex')}:`;
    const a = new RedisRateLimiter(new Redis(redisUrl), prefix);
    const b = new RedisRateLimiter(new Redis(redisUrl), prefix);
    opened.push(a, b);
    await a.hit('login:1.2.3.4:bob', 2, 60);
    await b.hit('login:1.2.3.4:bob', 2, 60);
    expect((await a.hit('login:1.2.3.4:bob', 2, 60)).allowed).toBe(false);
  });

  it.runIf(redisUp)('should store a long key under a fixed-length Redis name', async () => {
    const prefix = `test:${randomBytes(4).toString('hex')}:`;
    const redis = new Redis(redisUrl);
    const limiter = new RedisRateLimiter(redis, prefix);
    opened.push(limiter);
    await limiter.hit(`login:1.2.3.4:name:${'y'.repeat(10_000)}`, 2, 60);
    const names = await redis.keys(`${prefix}*`);
    expect(names.map((n) => n.length)).toEqual([prefix.length + 64]);
  });

  it('should open a new window in memory once the old one has passed', async () => {
    const limiter = new MemoryRateLimiter(() => now);
    await limiter.hit('k3', 1, 10);
    expect((await limiter.hit('k3', 1, 10)).allowed).toBe(false);
    now += 10_000;
    expect(await limiter.hit('k3', 1, 10)).toMatchObject({ allowed: true, count: 1 });
  });
});

async function reachable(url: string): Promise<boolean> {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}
