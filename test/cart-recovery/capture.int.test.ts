import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOOKS } from '../../src/extensions/cart-recovery/common/job-hooks.js';
import { hashEmail } from '../../src/extensions/cart-recovery/common/email-address.js';
import { up as fileSessionJobs } from '../../src/extensions/cart-recovery/migrations/2026-11-25T08-10-session-job-groups.js';
import { addSuppression } from '../../src/extensions/cart-recovery/sessions/sessions.repository.js';
import type { TestApp } from '../helpers/test-app.js';
import { makeProduct, makeVariation } from '../shop/catalog-helpers.js';
import { capture, createCrApp, createProduct, guestCart, setSettings } from './cr-helpers.js';

let t: TestApp;
let admin: Record<string, string>;
let mug: number;
let ipSeq = 0;
const ip = () => `10.1.0.${++ipSeq}`;

beforeAll(async () => {
  t = await createCrApp();
  const user = await t.createUser({ role: 'administrator' });
  admin = (await t.login(user)).headers;
  mug = await createProduct(t, admin, { name: 'Mug', price: '12.50', stock: 5 });
});
afterAll(async () => t.close());

const body = (extra: Record<string, unknown> = {}) => ({
  email: 'jane@example.com',
  consent: true,
  cart: { items: [{ product_id: mug, quantity: 2 }] },
  source: 'classic',
  ...extra,
});

const internalId = async (publicId: string) =>
  (
    await t.ctx.db
      .selectFrom('cr_sessions')
      .select('id')
      .where('session_id', '=', publicId)
      .executeTakeFirstOrThrow()
  ).id;
/** Withdraws a capture (consent false) with the proof its creation returned. */
const withdraw = (created: { session_id: string; capture_token: string }) =>
  capture(
    t,
    {
      consent: false,
      cart: {},
      source: 'block',
      session_id: created.session_id,
      capture_token: created.capture_token,
    },
    { ip: ip() },
  );
const pendingJobsOf = async (sessionId: number) =>
  (await t.ctx.jobs.list({ status: 'pending', offset: 0, limit: 1000 })).rows.filter(
    (j) => j.args.session === sessionId,
  );

describe('POST /cartrecovery/v1/capture', () => {
  it('should create a capture from the client cart with 201, a session id and a capture token', async () => {
    const r = await capture(t, body(), { ip: ip() });
    expect(r.statusCode).toBe(201);
    const json = r.json();
    expect(json).toMatchObject({ success: true });
    expect(json.session_id).toMatch(/^[A-Za-z0-9]{24}$/);
    expect(json.capture_token).toMatch(/^[A-Za-z0-9]{64}$/);
    const row = await sessionRow(json.session_id);
    expect(row).toMatchObject({
      status: 'captured',
      email: 'jane@example.com',
      cart_total: 2500,
      item_count: 2,
    });
    expect(row.capture_token_hash).not.toBe(json.capture_token);
    expect(row.capture_token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('should snapshot the shopper’s own Store API cart when there is one', async () => {
    const token = await guestCart(t, [{ id: mug, quantity: 3 }]);
    const r = await capture(t, body({ cart: [] }), { ip: ip(), headers: { 'cart-token': token } });
    expect(r.statusCode).toBe(201);
    const row = await sessionRow(r.json().session_id);
    expect(row.item_count).toBe(3);
    expect(row.cart_session_id).toMatch(/^t_/);
    expect(JSON.parse(row.cart_snapshot).origin).toBe('server');
  });

  it('should update with 200 and no token when session_id and capture_token match', async () => {
    const created = (await capture(t, body(), { ip: ip() })).json();
    const r = await capture(
      t,
      body({
        session_id: created.session_id,
        capture_token: created.capture_token,
        cart: [{ product_id: mug, quantity: 1 }],
      }),
      { ip: ip() },
    );
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ success: true, session_id: created.session_id });
    const row = await sessionRow(created.session_id);
    expect(row).toMatchObject({ item_count: 1, capture_count: 2 });
  });

  it('should refuse an update with a wrong or missing capture token with 403', async () => {
    const created = (await capture(t, body(), { ip: ip() })).json();
    const wrong = await capture(t, body({ session_id: created.session_id, capture_token: 'x'.repeat(64) }), {
      ip: ip(),
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().code).toBe('cartrecovery_invalid_capture_token');
    const missing = await capture(t, body({ session_id: created.session_id }), { ip: ip() });
    expect(missing.statusCode).toBe(403);
  });

  it('should withdraw (delete the capture and cancel its jobs) on consent false with proof', async () => {
    const created = (await capture(t, body(), { ip: ip() })).json();
    const sessionId = await internalId(created.session_id);
    expect(await pendingJobsOf(sessionId)).toHaveLength(1);
    const r = await withdraw(created);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ success: true, deleted: true });
    const row = await t.ctx.db
      .selectFrom('cr_sessions')
      .select('id')
      .where('session_id', '=', created.session_id)
      .executeTakeFirst();
    expect(row).toBeUndefined();
    expect(await pendingJobsOf(sessionId)).toEqual([]);
  });

  it('should cancel on withdrawal the jobs scheduled before job groups, once the migration filed them', async () => {
    const created = (await capture(t, body(), { ip: ip() })).json();
    const sessionId = await internalId(created.session_id);
    // A job as an earlier version scheduled it: no group.
    await t.ctx.db.updateTable('jobs').set({ group_name: '' }).where('status', '=', 'pending').execute();
    await t.ctx.jobs.schedule({ hook: HOOKS.sendStep, args: { session: sessionId, step: 2 } });
    await fileSessionJobs(t.ctx.db);
    expect((await pendingJobsOf(sessionId)).map((j) => j.group).sort()).toEqual([
      `cartrecovery.detect.${sessionId}`,
      `cartrecovery.send.${sessionId}`,
    ]);
    const r = await withdraw(created);
    expect(r.statusCode).toBe(200);
    expect(await pendingJobsOf(sessionId)).toEqual([]);
  });

  it('should refuse a withdrawal without proof with 400 and with a wrong token with 403', async () => {
    const missing = await capture(t, { consent: false, cart: {}, source: 'classic' }, { ip: ip() });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().data.params).sort()).toEqual(['capture_token', 'session_id']);
    const created = (await capture(t, body(), { ip: ip() })).json();
    const wrong = await capture(
      t,
      {
        consent: false,
        cart: {},
        source: 'classic',
        session_id: created.session_id,
        capture_token: 'y'.repeat(64),
      },
      { ip: ip() },
    );
    expect(wrong.statusCode).toBe(403);
  });

  it('should refuse bad input with 400 rest_invalid_param and store nothing', async () => {
    const before = await countSessions();
    const cases: Array<Record<string, unknown>> = [
      body({ email: 'not-an-address' }),
      body({ email: 'a@b' }),
      body({ consent: 'maybe' }),
      body({ source: 'api' }),
      body({ cart: 'a string' }),
      body({ cart: 42 }),
      body({ unexpected: true }),
      { consent: true, cart: {}, source: 'classic' },
    ];
    for (const payload of cases) {
      const r = await capture(t, payload, { ip: ip() });
      expect(r.statusCode, JSON.stringify(payload)).toBe(400);
      expect(r.json().code).toBe('rest_invalid_param');
    }
    expect(await countSessions()).toBe(before);
  });

  it('should refuse an empty cart with 400 cartrecovery_empty_cart', async () => {
    const r = await capture(t, body({ cart: { items: [{ product_id: 999999, quantity: 1 }] } }), {
      ip: ip(),
    });
    expect(r.statusCode).toBe(400);
    expect(r.json().code).toBe('cartrecovery_empty_cart');
  });

  it('should price the client cart from the catalogue: variations by their own price, drafts and unknown variations dropped', async () => {
    const tee = await makeProduct(t, admin, {
      name: 'Tee',
      type: 'variable',
      attributes: [{ name: 'Size', options: ['S', 'M'], variation: true }],
    });
    const teeM = await makeVariation(t, admin, tee.id, {
      regular_price: '15',
      sku: 'TEE-M',
      attributes: [{ name: 'Size', option: 'M' }],
    });
    const draft = await makeProduct(t, admin, { name: 'Draft', status: 'draft', regular_price: '9' });
    const r = await capture(
      t,
      body({
        cart: [
          { product_id: tee.id, variation_id: teeM.id, quantity: 2, price: 1, name: 'forged' },
          { product_id: tee.id, variation_id: mug, quantity: 1 },
          { product_id: draft.id, quantity: 1 },
          { id: String(mug), quantity: { value: 1 } },
        ],
      }),
      { ip: ip() },
    );
    expect(r.statusCode).toBe(201);
    const row = await sessionRow(r.json().session_id);
    expect(row).toMatchObject({ cart_total: 4250, item_count: 3, currency: 'USD' });
    expect(JSON.parse(row.cart_snapshot).items).toEqual([
      {
        product_id: tee.id,
        variation_id: teeM.id,
        quantity: 2,
        name: 'Tee',
        sku: 'TEE-M',
        price: 1500,
        line_total: 3000,
      },
      { product_id: mug, variation_id: 0, quantity: 1, name: 'Mug', sku: '', price: 1250, line_total: 1250 },
    ]);
    expect(row.cart_fingerprint).toMatch(/^[0-9a-f]{64}$/);
  });

  it('should refuse a suppressed address with 400 before its cart or a session proof is looked at', async () => {
    await addSuppression(t.ctx.db, {
      emailHash: hashEmail('gone@example.com'),
      source: 'test',
      at: '2026-11-22 09:00:00',
    });
    const created = (await capture(t, body(), { ip: ip() })).json();
    for (const extra of [
      {},
      { cart: [{ product_id: 999999, quantity: 1 }] },
      { session_id: created.session_id, capture_token: 'x'.repeat(64) },
    ]) {
      const r = await capture(t, body({ email: ' Gone@Example.com ', ...extra }), { ip: ip() });
      expect(r.statusCode).toBe(400);
      expect(r.json().code).toBe('cartrecovery_suppressed');
    }
    expect(
      await t.ctx.db.selectFrom('cr_sessions').select('id').where('email', '=', 'gone@example.com').execute(),
    ).toEqual([]);
  });

  it('should answer 200 success false while capture is switched off', async () => {
    await setSettings(t, admin, { capture_enabled: false });
    try {
      const r = await capture(t, body(), { ip: ip() });
      expect(r.statusCode).toBe(200);
      expect(r.json().success).toBe(false);
    } finally {
      await setSettings(t, admin, { capture_enabled: true });
    }
  });

  it('should rate limit per client address before validating (10 per 600 s), with Retry-After', async () => {
    const address = ip();
    for (let i = 0; i < 10; i++) {
      const r = await capture(t, { junk: true }, { ip: address });
      expect(r.statusCode).toBe(400);
    }
    const limited = await capture(t, body(), { ip: address });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'rate_limited', data: { status: 429 } });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await capture(t, body(), { ip: ip() })).statusCode).toBe(201);
  });
});

/** The stored row of a capture (throws when there is none). */
function sessionRow(sessionId: string) {
  return t.ctx.db
    .selectFrom('cr_sessions')
    .selectAll()
    .where('session_id', '=', sessionId)
    .executeTakeFirstOrThrow();
}

async function countSessions(): Promise<number> {
  const row = await t.ctx.db
    .selectFrom('cr_sessions')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
