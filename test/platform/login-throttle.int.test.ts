import { runInNewContext } from 'node:vm';
import { setFlagsFromString } from 'node:v8';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryRateLimiter } from '../../src/platform/rate-limit/rate-limiter.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

// Failed-login throttling belongs to the account (every spelling of it shares one budget per IP), unknown names
// are throttled per normalised name, and the limiter's memory stays bounded whatever names are sent.

const STORE_BOUND = 64;
let t: TestApp;
let limiter: MemoryRateLimiter;

beforeAll(async () => {
  limiter = new MemoryRateLimiter(Date.now, STORE_BOUND);
  t = await createTestApp({ options: { rateLimiter: limiter } });
});
afterAll(async () => t.close());

function login(username: string, password: string, remoteAddress = '127.0.0.1') {
  return t.app.inject({
    method: 'POST',
    url: '/wp-json/auth/v1/login',
    payload: { username, password },
    remoteAddress,
  });
}

async function failTimes(n: number, usernames: string[], remoteAddress?: string): Promise<void> {
  for (let i = 0; i < n; i++) {
    const r = await login(usernames[i % usernames.length]!, 'wrong-password', remoteAddress);
    expect(r.statusCode).toBe(401);
  }
}

describe('lockout by account', () => {
  it('should lock every spelling of an account after five failures for one of them', async () => {
    const alice = await t.createUser({ username: 'alice', email: 'alice@example.com' });
    await failTimes(5, ['alice']);
    for (const spelling of ['ALICE', 'alice@example.com', '  Alice ', 'ALICE@EXAMPLE.COM']) {
      const r = await login(spelling, alice.password);
      expect(r.statusCode, spelling).toBe(429);
      expect(r.json()).toMatchObject({ code: 'too_many_login_attempts', data: { status: 429 } });
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  it('should count failures under different spellings against one budget', async () => {
    const user = await t.createUser({ username: 'bob', email: 'bob@example.com' });
    await failTimes(5, ['bob', 'BOB', 'bob@example.com', 'Bob@Example.com', ' bob ']);
    expect((await login('bob', user.password)).statusCode).toBe(429);
  });

  it('should keep the budget per IP: another address still logs in', async () => {
    const user = await t.createUser();
    await failTimes(5, [user.username], '10.0.0.1');
    expect((await login(user.email, user.password, '10.0.0.1')).statusCode).toBe(429);
    expect((await login(user.email, user.password, '10.0.0.2')).statusCode).toBe(200);
  });

  it('should reset the account’s budget on a success, whatever spelling succeeded', async () => {
    const user = await t.createUser();
    await failTimes(4, [user.username.toUpperCase()]);
    expect((await login(user.email, user.password)).statusCode).toBe(200);
    await failTimes(4, [user.username]);
    expect((await login(user.username, user.password)).statusCode).toBe(200);
  });

  it('should throttle an unknown name per trimmed, lower-cased spelling', async () => {
    await failTimes(5, ['Ghost@Nowhere.test']);
    const r = await login('  ghost@nowhere.TEST ', 'wrong-password');
    expect(r.statusCode).toBe(429);
    expect((await login('ghost2@nowhere.test', 'wrong-password')).statusCode).toBe(401);
  });
});

describe('bounded failed-login limiter', () => {
  it('should refuse a name longer than any login (100 characters) with 400 naming the field, counting nothing', async () => {
    const before = limiter.size;
    const r = await login('x'.repeat(101), 'whatever-1');
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({
      code: 'rest_invalid_param',
      data: { status: 400, errors: { username: { max: expect.any(String) } } },
    });
    expect(limiter.size).toBe(before);
    expect((await login('y'.repeat(100), 'whatever-1')).statusCode).toBe(401);
  });

  it('should keep the store and the heap bounded under thousands of distinct long usernames', async () => {
    const gc = exposeGc();
    gc();
    const heapBefore = process.memoryUsage().heapUsed;
    for (let batch = 0; batch < 40; batch++) {
      const responses = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          login(`${batch}-${i}-${'long-name-'.repeat(1000)}`, 'whatever-1'),
        ),
      );
      expect(new Set(responses.map((r) => r.statusCode))).toEqual(new Set([400]));
      expect(limiter.size).toBeLessThanOrEqual(STORE_BOUND);
    }
    // Names as long as a login can be reach the store (and pay the dummy hash): it keeps its bound.
    for (let batch = 0; batch < 8; batch++) {
      const responses = await Promise.all(
        Array.from({ length: 25 }, (_, i) => login(`${batch}.${i}.`.padEnd(100, 'z'), 'whatever-1')),
      );
      expect(new Set(responses.map((r) => r.statusCode))).toEqual(new Set([401]));
      expect(limiter.size).toBeLessThanOrEqual(STORE_BOUND);
    }
    gc();
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(32 * 1024 * 1024);
  }, 60_000);
});

/** The V8 garbage collector as a function (so heap figures are not skewed by garbage not yet collected). */
function exposeGc(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}
