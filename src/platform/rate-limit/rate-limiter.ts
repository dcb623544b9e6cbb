import type { Redis } from 'ioredis';

/** Outcome of counting one hit against a fixed window. */
export interface RateLimitResult {
  allowed: boolean;
  count: number;
  retryAfterSeconds: number;
}

/** Fixed-window counters keyed by category and client; shared through Redis when configured. */
export interface RateLimiter {
  /** Counts one hit for `key`; allowed while the window's count is ≤ `limit`. */
  hit(key: string, limit: number, windowSeconds: number): Promise<RateLimitResult>;
  /** Forgets the counter of `key` (e.g. after a successful login). */
  reset(key: string): Promise<void>;
  /** Current count without counting a hit. */
  peek(key: string): Promise<number>;
  close(): Promise<void>;
}

/** In-process counters: for a single instance (no REDIS_URL). */
export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  async hit(key: string, limit: number, windowSeconds: number): Promise<RateLimitResult> {
    const now = this.now();
    let entry = this.windows.get(key);
    if (!entry || entry.resetAt <= now) {
      entry = { count: 0, resetAt: now + windowSeconds * 1000 };
      this.windows.set(key, entry);
      if (this.windows.size > 100_000) this.sweep(now);
    }
    entry.count++;
    return {
      allowed: entry.count <= limit,
      count: entry.count,
      retryAfterSeconds: Math.ceil((entry.resetAt - now) / 1000),
    };
  }

  async reset(key: string): Promise<void> {
    this.windows.delete(key);
  }

  async peek(key: string): Promise<number> {
    const entry = this.windows.get(key);
    return entry && entry.resetAt > this.now() ? entry.count : 0;
  }

  async close(): Promise<void> {}

  private sweep(now: number): void {
    for (const [key, entry] of this.windows) if (entry.resetAt <= now) this.windows.delete(key);
  }
}

/** Redis counters (INCR + PEXPIRE in one MULTI): shared by every instance. */
export class RedisRateLimiter implements RateLimiter {
  /** Loads ioredis (only servers with REDIS_URL pay for it) and connects. */
  static async connect(url: string): Promise<RedisRateLimiter> {
    const { Redis: RedisClient } = await import('ioredis');
    return new RedisRateLimiter(new RedisClient(url, { maxRetriesPerRequest: 2 }));
  }

  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'storeside:rl:',
  ) {}

  async hit(key: string, limit: number, windowSeconds: number): Promise<RateLimitResult> {
    const k = this.prefix + key;
    const result = await this.redis
      .multi()
      .incr(k)
      .pexpire(k, windowSeconds * 1000, 'NX')
      .pttl(k)
      .exec();
    const count = Number(result?.[0]?.[1] ?? 1);
    const ttl = Number(result?.[2]?.[1] ?? windowSeconds * 1000);
    return { allowed: count <= limit, count, retryAfterSeconds: Math.max(1, Math.ceil(ttl / 1000)) };
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }

  async peek(key: string): Promise<number> {
    return Number((await this.redis.get(this.prefix + key)) ?? 0);
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }
}
