import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { NewCapture } from '../../src/extensions/cart-recovery/capture/capture-writer.js';
import { HOOKS } from '../../src/extensions/cart-recovery/common/job-hooks.js';
import { detectGroup } from '../../src/extensions/cart-recovery/sequence/session-jobs.js';
import { hashEmail } from '../../src/extensions/cart-recovery/common/email-address.js';
import {
  addSuppression,
  capturesAtOnce,
} from '../../src/extensions/cart-recovery/sessions/sessions.repository.js';
import type { TestApp } from '../helpers/test-app.js';
import { capture, createCrApp, createProduct, crOf } from './cr-helpers.js';
import { readVersions } from '../../src/platform/cache/data-versions.repository.js';
import { CART_RECOVERY_TOPICS } from '../../src/extensions/cart-recovery/cart-recovery.topics.js';

let t: TestApp;
let mug: number;

beforeAll(async () => {
  t = await createCrApp();
  const user = await t.createUser({ role: 'administrator' });
  const admin = (await t.login(user)).headers;
  mug = await createProduct(t, admin, { name: 'Mug', price: '12.50' });
});
afterAll(async () => t.close());

function newCapture(
  sessionId: string,
  input: { email?: string; cart?: NewCapture['cart'] } = {},
): NewCapture {
  const at = '2026-11-22 10:00:00';
  const email = input.email ?? `${sessionId.toLowerCase()}@example.com`;
  return {
    checkAt: new Date('2026-11-22T10:30:00Z'),
    cart: input.cart ?? {
      snapshot: {
        origin: 'server',
        items: [
          {
            product_id: mug,
            variation_id: 0,
            quantity: 1,
            name: 'Mug',
            sku: '',
            price: 1250,
            line_total: 1250,
          },
        ],
        coupons: [],
        currency: 'USD',
        total: 1250,
        item_count: 1,
      },
    },
    row: {
      session_id: sessionId,
      email,
      email_hash: hashEmail(email),
      status: 'captured',
      source: 'block',
      consent_text: 'ok',
      consent_at: at,
      capture_token_hash: 'f'.repeat(64),
      cart_session_id: null,
      captured_at: at,
      last_activity_at: at,
      created_at: at,
      updated_at: at,
    },
  };
}

/** A capture of the browser's cart (one mug), priced by the writer's catalogue read: once per batch. */
function clientCapture(sessionId: string): NewCapture {
  return newCapture(sessionId, { cart: { clientLines: [{ productId: mug, variationId: 0, quantity: 1 }] } });
}

/** The committed version of the sessions cache topic (each batch bumps it). */
async function sessionsVersion(): Promise<number> {
  const { versions } = await readVersions(t.ctx.db);
  return versions.find((v) => v.topic === CART_RECOVERY_TOPICS.sessions)?.version ?? 0;
}

async function storedSessions(ids: string[]) {
  return t.ctx.db
    .selectFrom('cr_sessions')
    .select(['id', 'session_id'])
    .where('session_id', 'in', ids)
    .execute();
}

describe('capture group commit', () => {
  it('should write captures that arrive in the same turn of the event loop in one batch', async () => {
    const writer = crOf(t).captureWriter;
    const spy = vi.spyOn(crOf(t).ctx.shop, 'getProductPrices');
    const before = await sessionsVersion();
    await Promise.all(['TurnA', 'TurnB', 'TurnC', 'TurnD'].map((id) => writer.write(clientCapture(id))));
    const batches = spy.mock.calls.length;
    spy.mockRestore();
    expect(batches).toBe(1);
    expect(await storedSessions(['TurnA', 'TurnB', 'TurnC', 'TurnD'])).toHaveLength(4);
    expect(await sessionsVersion()).toBeGreaterThan(before);
  });

  // How many HTTP captures share a batch depends on timing (one turn on SQLite, several on PostgreSQL,
  // whose reads before the write take network round trips): this test checks what each capture gets.
  it('should give each of several concurrent captures its row, event and exact job', async () => {
    const replies = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        capture(
          t,
          {
            email: `group${i}@example.com`,
            consent: true,
            cart: [{ product_id: mug, quantity: i + 1 }],
            source: 'classic',
          },
          { ip: `10.9.0.${i + 1}` },
        ),
      ),
    );
    expect(replies.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201, 201]);
    const rows = await storedSessions(replies.map((r) => r.json().session_id));
    expect(rows).toHaveLength(6);
    const ids = rows.map((r) => r.id);
    const events = await t.ctx.db
      .selectFrom('cr_events')
      .select(['session_id', 'type'])
      .where('session_id', 'in', ids)
      .execute();
    expect(
      events
        .filter((e) => e.type === 'captured')
        .map((e) => e.session_id)
        .sort(),
    ).toEqual([...ids].sort());
    const jobs = await t.ctx.db
      .selectFrom('jobs')
      .select(['args', 'group_name'])
      .where('hook', '=', HOOKS.detectSession)
      .where('status', '=', 'pending')
      .execute();
    const jobSessions = jobs.map((j) => (JSON.parse(j.args) as { session: number }).session);
    for (const id of ids) expect(jobSessions.filter((s) => s === id)).toHaveLength(1);
    for (const job of jobs) expect(job.group_name).toBe(detectGroup(JSON.parse(job.args).session));
  });

  it('should fail only the capture that cannot be written when a batch fails', async () => {
    const writer = crOf(t).captureWriter;
    const results = await Promise.allSettled([
      writer.write(newCapture('GroupA')),
      writer.write(newCapture('GroupA')),
      writer.write(newCapture('GroupB')),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const rows = await storedSessions(['GroupA', 'GroupB']);
    expect(rows.map((r) => r.session_id).sort()).toEqual(['GroupA', 'GroupB']);
    const events = await t.ctx.db
      .selectFrom('cr_events')
      .select('session_id')
      .where(
        'session_id',
        'in',
        rows.map((r) => r.id),
      )
      .execute();
    expect(events).toHaveLength(2);
  });

  it('should refuse a suppressed address or an empty cart alone, writing the rest of the batch', async () => {
    await addSuppression(t.ctx.db, {
      emailHash: hashEmail('Gone@Example.com'),
      source: 'test',
      at: '2026-11-22 09:00:00',
    });
    const writer = crOf(t).captureWriter;
    const spy = vi.spyOn(crOf(t).ctx.shop, 'getProductPrices');
    const results = await Promise.allSettled([
      writer.write(
        newCapture('RefuseA', { cart: { clientLines: [{ productId: mug, variationId: 0, quantity: 3 }] } }),
      ),
      writer.write(newCapture('RefuseB', { email: ' gone@example.com' })),
      writer.write(
        newCapture('RefuseC', {
          cart: { clientLines: [{ productId: 999_999, variationId: 0, quantity: 1 }] },
        }),
      ),
      writer.write(newCapture('RefuseD')),
    ]);
    const batches = spy.mock.calls.length;
    spy.mockRestore();
    expect(batches).toBe(1);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason).toMatchObject({
      code: 'cartrecovery_suppressed',
      status: 400,
    });
    expect((results[2] as PromiseRejectedResult).reason).toMatchObject({
      code: 'cartrecovery_empty_cart',
      status: 400,
    });
    const rows = await t.ctx.db
      .selectFrom('cr_sessions')
      .select(['session_id', 'cart_snapshot', 'cart_total', 'item_count'])
      .where('session_id', 'in', ['RefuseA', 'RefuseB', 'RefuseC', 'RefuseD'])
      .orderBy('session_id')
      .execute();
    expect(rows.map((r) => [r.session_id, r.cart_total, r.item_count])).toEqual([
      ['RefuseA', 3750, 3],
      ['RefuseD', 1250, 1],
    ]);
    expect(JSON.parse(rows[0]!.cart_snapshot)).toEqual({
      items: [
        {
          product_id: mug,
          variation_id: 0,
          quantity: 3,
          name: 'Mug',
          sku: '',
          price: 1250,
          line_total: 3750,
        },
      ],
      coupons: [],
      origin: 'client',
    });
  });

  it('should write as many batches at a time as it has lanes, gathering what arrives meanwhile into the next one', async () => {
    const writer = crOf(t).captureWriter;
    const shop = crOf(t).ctx.shop;
    const prices = shop.getProductPrices.bind(shop);
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Each batch reads the catalogue once: holding that read holds the batch.
    const spy = vi.spyOn(shop, 'getProductPrices').mockImplementation(async (...args) => {
      await gate;
      return prices(...args);
    });
    const ids = ['SerialA', 'SerialB', 'SerialC', 'SerialD'];
    const writes: Array<Promise<void>> = [];
    // One capture per lane, each waited for until its batch is held in the catalogue read …
    for (let lane = 0; lane < writer.lanes; lane++) {
      writes.push(writer.write(clientCapture(ids[lane]!)));
      await vi.waitFor(() => expect(spy).toHaveBeenCalledTimes(lane + 1));
    }
    // … then the rest arrive while every lane is busy: they wait, to form one batch.
    for (const id of ids.slice(writer.lanes)) writes.push(writer.write(clientCapture(id)));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const inFlight = spy.mock.calls.length;
    release();
    await Promise.all(writes);
    const batches = spy.mock.calls.length;
    spy.mockRestore();
    expect(writer.lanes).toBe(capturesAtOnce(t.ctx.db) ? 2 : 1);
    expect(inFlight).toBe(writer.lanes);
    expect(batches).toBe(writer.lanes + 1);
    expect(await storedSessions(ids)).toHaveLength(4);
  });
});
