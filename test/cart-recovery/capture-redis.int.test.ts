import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientLimitKey } from '../../src/extensions/cart-recovery/common/client-rate-limit.js';
import type { TestApp } from '../helpers/test-app.js';
import { capture, createCrApp } from './cr-helpers.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
let one: TestApp;
let two: TestApp;

beforeAll(async () => {
  one = await createCrApp({ env: { REDIS_URL } });
  two = await createCrApp({ env: { REDIS_URL } });
});
afterAll(async () => {
  await one.close();
  await two.close();
});

describe('capture rate limit in Redis (REDIS_URL)', () => {
  it('should share one counter per client address between two instances', async () => {
    // A random documentation-range address so reruns within the window start from zero.
    const address = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
    const bogus = { junk: true };
    await one.ctx.rateLimiter.reset(clientLimitKey('capture', address));
    for (let i = 0; i < 5; i++) expect((await capture(one, bogus, { ip: address })).statusCode).toBe(400);
    for (let i = 0; i < 5; i++) expect((await capture(two, bogus, { ip: address })).statusCode).toBe(400);
    const limited = await capture(one, bogus, { ip: address });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(500);
    expect((await capture(two, bogus, { ip: address })).statusCode).toBe(429);
    await one.ctx.rateLimiter.reset(clientLimitKey('capture', address));
  });
});
