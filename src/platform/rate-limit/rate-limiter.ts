import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import { sha256Hex } from '../security/hashing.js';

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

/** How many counters the in-process store keeps at most (≈ 230 bytes each); the least recently used go first. */
export const MEMORY_RATE_LIMIT_ENTRIES = 100_000;

/** In-process counters: for a single instance (no REDIS_URL); bounded, oldest-used evicted first. */
export class MemoryRateLimiter implements RateLimiter {
  private readonly windows: LRUCache<string, { count: number; resetAt: number }>;

  constructor(
    private readonly now: () => number = Date.now,
    maxEntries = MEMORY_RATE_LIMIT_ENTRIES,
  ) {
    this.windows = new LRUCache({ max: maxEntries });
  }

  /** How many counters are held now (never more than the bound). */
  get size(): number {
    return this.windows.size;
  }

  async hit(key: string, limit: number, windowSeconds: number): Promise<RateLimitResult> {
    const now = this.now();
    const stored = storedKey(key);
    let entry = this.windows.get(stored);
    if (!entry || entry.resetAt <= now) {
      entry = { count: 0, resetAt: now + windowSeconds * 1000 };
      this.windows.set(stored, entry);
    }
    entry.count++;
    return {
      allowed: entry.count <= limit,
      count: entry.count,
      retryAfterSeconds: Math.ceil((entry.resetAt - now) / 1000),
    };
  }

  async reset(key: string): Promise<void> {
    this.windows.delete(storedKey(key));
  }

  async peek(key: string): Promise<number> {
    const entry = this.windows.get(storedKey(key));
    return entry && entry.resetAt > this.now() ? entry.count : 0;
  }

  async close(): Promise<void> {}
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
    const k = this.prefix + storedKey(key);
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
    await this.redis.del(this.prefix + storedKey(key));
  }

  async peek(key: string): Promise<number> {
    return Number((await this.redis.get(this.prefix + storedKey(key))) ?? 0);
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }
}

/** A counter's stored name: the SHA-256 of its key, so a caller-chosen key (a typed username) has a fixed length. */
function storedKey(key: string): string {
  return sha256Hex(key);
}
