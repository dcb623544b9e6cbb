import { LRUCache } from 'lru-cache';
import type { FastifyRequest } from 'fastify';
import type { RateLimitResult } from '../../../platform/rate-limit/rate-limiter.js';
import { sha256Hex } from '../../../platform/security/hashing.js';
import type { CartRecovery } from '../cart-recovery.services.js';

/** Rate-limit categories of this extension (each its own counter per client address). */
export type RateCategory = 'capture' | 'restore' | 'unsubscribe';

/**
 * Counts one hit of the client address in a fixed window (atomic; Redis when configured). The address is
 * the socket peer unless the peer is a trusted proxy (STORESIDE_TRUSTED_PROXIES → Fastify's request.ip);
 * only its hash enters the key.
 */
export async function hitClientLimit(
  cr: CartRecovery,
  request: FastifyRequest,
  category: RateCategory,
): Promise<RateLimitResult> {
  const settings = await cr.settings.get();
  return cr.ctx.rateLimiter.hit(
    clientLimitKey(category, request.ip),
    settings.capture_rate_limit,
    settings.capture_rate_window,
  );
}

/** The counter key of a category and client address (the address only hashed). */
export function clientLimitKey(category: RateCategory, ip: string): string {
  const cacheKey = `${category}|${ip}`;
  let key = recentKeys.get(cacheKey);
  if (key === undefined) {
    key = `cartrecovery:${category}:${sha256Hex(ip || 'unknown').slice(0, 32)}`;
    recentKeys.set(cacheKey, key);
  }
  return key;
}

// A busy client hits again and again: its key is kept, the least recently seen clients' go first.
const recentKeys = new LRUCache<string, string>({ max: 1000 });
