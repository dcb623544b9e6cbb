import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/platform/clock.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { adjust } from '../loyalty/helpers.js';
import { LOYALTY_TOPICS } from '../../src/extensions/loyalty/loyalty.topics.js';

// The replay lane answers from node's request event, before Fastify: only a listening server shows it
// (app.inject goes straight to Fastify's handler).
let t: TestApp;
let base: string;
const clock = new ManualClock(new Date('2026-11-24T10:00:00Z'));
let admin: Awaited<ReturnType<TestApp['createUser']>>;
let session: Awaited<ReturnType<TestApp['login']>>;

beforeAll(async () => {
  t = await createTestApp({ options: { clock } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  admin = await t.createUser({ role: 'administrator' });
  session = await t.login(admin);
});

async function get(path: string, headers: Record<string, string> = session.headers) {
  const response = await fetch(`${base}/wp-json${path}`, { headers });
  const headerList = [...response.headers].filter(([name]) => name !== 'date');
  return { status: response.status, headers: headerList, body: await response.text() };
}

/** Resolves once this instance has seen its own ledger writes committed (until then their pages are not kept). */
async function ledgerSettled() {
  while (t.ctx.versions.stamp([LOYALTY_TOPICS.ledger]) === null)
    await new Promise((resolve) => setTimeout(resolve, 2));
}

/** GETs `path` twice; returns both answers and how many of the calls the lane answered. */
async function twice(path: string, headers?: Record<string, string>) {
  const before = t.app.replayLane.replayed;
  const first = await get(path, headers);
  const second = await get(path, headers);
  return { first, second, replayed: t.app.replayLane.replayed - before };
}

describe('replay lane (answers repeated authenticated GETs before Fastify)', () => {
  it('should answer a repeated users/me from the lane with the same status, headers and body', async () => {
    const { first, second, replayed } = await twice('/wp/v2/users/me');
    expect(first.status).toBe(200);
    expect(replayed).toBe(1);
    expect(second).toEqual(first);
    expect(JSON.parse(second.body)).toMatchObject({ id: admin.id });
  });

  it('should not replay to a request without the nonce, with another nonce, or with an Origin', async () => {
    await twice('/wp/v2/users/me');
    const before = t.app.replayLane.replayed;
    expect((await get('/wp/v2/users/me', { cookie: session.cookie })).status).toBe(401);
    expect((await get('/wp/v2/users/me', { ...session.headers, 'x-wp-nonce': '0123456789' })).status).toBe(
      401,
    );
    const cors = await get('/wp/v2/users/me', { ...session.headers, origin: 'https://panel.example' });
    expect(cors.status).toBe(200);
    expect(cors.headers).toContainEqual(['access-control-allow-origin', 'https://panel.example']);
    expect(t.app.replayLane.replayed).toBe(before);
  });

  it('should replay to a request with an Origin only the answer given to that same Origin', async () => {
    const panel = { ...session.headers, origin: 'https://panel.example' };
    const { first, second, replayed } = await twice('/wp/v2/users/me', panel);
    expect(replayed).toBe(1);
    expect(second).toEqual(first);
    expect(second.headers).toContainEqual(['access-control-allow-origin', 'https://panel.example']);
    const before = t.app.replayLane.replayed;
    const other = await get('/wp/v2/users/me', { ...session.headers, origin: 'https://other.example' });
    expect(other.headers).toContainEqual(['access-control-allow-origin', 'https://other.example']);
    expect(t.app.replayLane.replayed).toBe(before);
  });

  it('should stop replaying as soon as the session is logged out', async () => {
    await twice('/wp/v2/users/me');
    const out = await fetch(`${base}/wp-json/auth/v1/logout`, { method: 'POST', headers: session.headers });
    expect(out.status).toBe(200);
    const before = t.app.replayLane.replayed;
    expect((await get('/wp/v2/users/me')).status).toBe(401);
    expect(t.app.replayLane.replayed).toBe(before);
  });

  it('should answer 403 instead of a replayed answer once the caller lost the capability', async () => {
    // The product picker's answer stays cached (its own data did not change): only the caller check can refuse.
    const { second, replayed } = await twice('/producttables/v1/products?sku=NONE');
    expect(second.status).toBe(200);
    expect(replayed).toBe(1);
    const other = await t.createUser({ role: 'administrator' });
    const otherSession = await t.login(other);
    const demoted = await t.app.inject({
      method: 'POST',
      url: `/wp-json/wp/v2/users/${admin.id}`,
      headers: otherSession.headers,
      payload: { roles: ['customer'] },
    });
    expect(demoted.statusCode).toBe(200);
    expect((await get('/producttables/v1/products?sku=NONE')).status).toBe(403);
  });

  it('should show a ledger write at once instead of the replayed page', async () => {
    const customer = await t.createUser({ role: 'customer' });
    const path = `/loyalty/v1/ledger?user_id=${customer.id}`;
    await ledgerSettled();
    const { second, replayed } = await twice(path);
    expect(replayed).toBe(1);
    expect(JSON.parse(second.body)).toEqual([]);
    await adjust(t, session.headers, { user_id: customer.id, amount: 25 });
    const after = await get(path);
    expect(JSON.parse(after.body)).toHaveLength(1);
    expect(after.headers).toContainEqual(['x-wp-total', '1']);
  });

  it('should keep one answer per Accept-Encoding', async () => {
    const customer = await t.createUser({ role: 'customer' });
    // Over 1 kB of entries: the size from which answers are compressed.
    for (let i = 0; i < 10; i++) await adjust(t, session.headers, { user_id: customer.id, amount: i + 1 });
    const path = `/loyalty/v1/ledger?user_id=${customer.id}`;
    await ledgerSettled();
    const plain = await twice(path, { ...session.headers, 'accept-encoding': 'identity' });
    const gzip = await twice(path, { ...session.headers, 'accept-encoding': 'gzip' });
    expect(plain.replayed + gzip.replayed).toBe(2);
    const encodingOf = (answer: { headers: string[][] }) =>
      answer.headers.find(([name]) => name === 'content-encoding')?.[1];
    expect(encodingOf(plain.second)).toBeUndefined();
    expect(encodingOf(gzip.second)).toBe('gzip');
    expect(gzip.second.body).toBe(plain.second.body); // fetch decodes gzip
  });

  it('should answer through Fastify again when the nonce tick changes (a new X-WP-Nonce is sent)', async () => {
    const { first } = await twice('/wp/v2/users/me');
    clock.advance(12 * 3600 * 1000); // the nonce is now of the previous tick: still valid, refreshed
    const before = t.app.replayLane.replayed;
    const later = await get('/wp/v2/users/me');
    expect(later.status).toBe(200);
    expect(t.app.replayLane.replayed).toBe(before);
    const nonceOf = (headers: string[][]) => headers.find(([name]) => name === 'x-wp-nonce')?.[1];
    expect(nonceOf(later.headers)).not.toBe(nonceOf(first.headers));
  });

  it('should never replay a route that did not ask for it (POST, unmarked GET)', async () => {
    const before = t.app.replayLane.replayed;
    await twice('/wp/v2/users?per_page=5');
    expect(t.app.replayLane.replayed).toBe(before);
  });
});
