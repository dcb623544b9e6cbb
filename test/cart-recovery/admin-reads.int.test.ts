import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/platform/clock.js';
import type { TestApp } from '../helpers/test-app.js';
import { capture, createCrApp, createProduct } from './cr-helpers.js';

const MIN = 60_000;
let t: TestApp;
let clock: ManualClock;
let owner: Awaited<ReturnType<TestApp['createUser']>>;
let admin: Record<string, string>;
let adminCookieOnly: Record<string, string>;
let customer: Record<string, string>;
let first: string;
let second: string;

const get = (path: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: `/wp-json/cartrecovery/v1${path}`, headers });

beforeAll(async () => {
  clock = new ManualClock(new Date('2026-11-23T08:00:00Z'));
  t = await createCrApp({ options: { clock } });
  owner = await t.createUser({ role: 'administrator' });
  const session = await t.login(owner);
  admin = session.headers;
  adminCookieOnly = { cookie: session.cookie };
  customer = (await t.login(await t.createUser({ role: 'customer' }))).headers;
  const mug = await createProduct(t, admin, { name: 'Mug', price: '7.50' });
  const a = await capture(
    t,
    { email: 'Ann@Example.com', consent: true, cart: [{ product_id: mug, quantity: 2 }], source: 'classic' },
    { ip: '10.41.0.1' },
  );
  const b = await capture(
    t,
    { email: 'bob@example.com', consent: true, cart: [{ product_id: mug, quantity: 1 }], source: 'classic' },
    { ip: '10.41.0.2' },
  );
  expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
  first = a.json().session_id;
  second = b.json().session_id;
  clock.advance(31 * MIN);
  await t.ctx.jobs.runDue({ limit: 200 });
  clock.advance(46 * MIN);
  await t.ctx.jobs.runDue({ limit: 200 });
});
afterAll(async () => {
  await t.close();
});

describe('admin read routes access (manage_shop; nonce with the cookie)', () => {
  it.each(['/sessions', '/sessions/abc', '/notifications'])(
    'should refuse GET %s with 401 anonymous, 401 cookie without nonce, 403 customer',
    async (path) => {
      expect((await get(path, {})).statusCode).toBe(401);
      expect((await get(path, adminCookieOnly)).statusCode).toBe(401);
      const forbidden = await get(path, customer);
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json().code).toBe('rest_forbidden');
    },
  );
});

describe('GET /sessions', () => {
  it('should list sessions newest first with totals, step reached and cart value in minor units', async () => {
    const r = await get('/sessions?per_page=1', admin);
    expect(r.statusCode).toBe(200);
    expect(r.headers['x-wp-total']).toBe('2');
    expect(r.headers['x-wp-totalpages']).toBe('2');
    expect(r.json()).toEqual([
      expect.objectContaining({
        id: second,
        email: 'bob@example.com',
        status: 'abandoned',
        cart_value: { minor: 750, currency: 'USD' },
        step_reached: 1,
      }),
    ]);
  });

  it('should find a session by its whole address (any case) and filter by status', async () => {
    const r = await get('/sessions?search=ANN%40example.com', admin);
    expect(r.json().map((s: { id: string }) => s.id)).toEqual([first]);
    expect(r.json()[0].cart_value.minor).toBe(1500);
    expect((await get('/sessions?status=recovered', admin)).json()).toEqual([]);
    expect(
      (await get('/sessions?status=abandoned&search=nobody%40example.com', admin)).headers['x-wp-total'],
    ).toBe('0');
  });

  it('should refuse a partial address, an unknown status and a bad page with 400', async () => {
    for (const query of ['search=ann', 'status=lost', 'page=0', 'per_page=101']) {
      const r = await get(`/sessions?${query}`, admin);
      expect(r.statusCode).toBe(400);
      expect(r.json().code).toBe('rest_invalid_param');
    }
    expect((await get('/sessions?search=ann', admin)).json().data.params).toHaveProperty('search');
  });
});

describe('GET /sessions/{id}', () => {
  it('should return the session with its cart, e-mails and timeline', async () => {
    const r = await get(`/sessions/${first}`, admin);
    expect(r.statusCode).toBe(200);
    const body = r.json();
    expect(body).toMatchObject({ id: first, email: 'ann@example.com', status: 'abandoned', step_reached: 1 });
    expect(body.items).toEqual([
      expect.objectContaining({ name: 'Mug', quantity: 2, line_total_minor: 1500 }),
    ]);
    expect(body.emails.map((e: { step: number; status: string }) => [e.step, e.status])).toEqual([
      [1, 'sent'],
      [2, 'queued'],
      [3, 'queued'],
    ]);
    const types = body.timeline.map((e: { type: string }) => e.type);
    expect(types).toEqual(expect.arrayContaining(['captured', 'abandoned', 'email_sent']));
    expect(body.timeline.find((e: { type: string }) => e.type === 'email_sent').data.step).toBe(1);
  });

  it('should answer 404 for an unknown id and 400 for an over-long one', async () => {
    expect((await get('/sessions/nope', admin)).statusCode).toBe(404);
    expect((await get(`/sessions/${'x'.repeat(65)}`, admin)).statusCode).toBe(400);
  });
});

describe('GET /notifications', () => {
  it('should list e-mails with their address, attempts and state, filtered by status, step and address', async () => {
    const sent = await get('/notifications?status=sent', admin);
    expect(sent.statusCode).toBe(200);
    expect(sent.headers['x-wp-total']).toBe('2');
    expect(sent.json()[0]).toMatchObject({ step: 1, status: 'sent', attempts: 1, last_error: null });
    const ann = await get('/notifications?search=ann%40example.com&step=1', admin);
    expect(ann.json()).toEqual([expect.objectContaining({ session_id: first, email: 'ann@example.com' })]);
    expect((await get('/notifications?status=queued', admin)).headers['x-wp-total']).toBe('4');
    expect((await get('/notifications?status=pending', admin)).headers['x-wp-total']).toBe('4');
    expect((await get('/notifications?search=nobody%40example.com', admin)).json()).toEqual([]);
  });

  it('should refuse an unknown status, a step out of range and a partial address with 400', async () => {
    for (const query of ['status=delivered', 'step=4', 'search=bob']) {
      const r = await get(`/notifications?${query}`, admin);
      expect(r.statusCode).toBe(400);
      expect(r.json().code).toBe('rest_invalid_param');
    }
  });
});

describe('GET /analytics?window=previous (the Overview comparison)', () => {
  it('should count the days before the period in the previous window and refuse an unknown window', async () => {
    const current = (await get('/analytics?days=7', admin)).json();
    expect(current).toMatchObject({ tracked: 2, abandoned: 2, emails_sent: 2 });
    expect((await get('/analytics?days=7&window=previous', admin)).json()).toMatchObject({ tracked: 0 });
    clock.advance(8 * 86_400_000);
    admin = (await t.login(owner)).headers; // the nonce of a week ago has expired
    expect((await get('/analytics?days=7', admin)).json()).toMatchObject({ tracked: 0, abandoned: 0 });
    expect((await get('/analytics?days=7&window=previous', admin)).json()).toMatchObject({
      tracked: 2,
      abandoned: 2,
      emails_sent: 2,
    });
    const bad = await get('/analytics?days=7&window=last', admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('rest_invalid_param');
  });
});
