import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { NewCapture } from '../../src/extensions/cart-recovery/capture/capture-writer.js';
import { HOOKS } from '../../src/extensions/cart-recovery/cart-recovery.services.js';
import type { TestApp } from '../helpers/test-app.js';
import { capture, createCrApp, createProduct, crOf } from './cr-helpers.js';

let t: TestApp;
let mug: number;

beforeAll(async () => {
  t = await createCrApp();
  const user = await t.createUser({ role: 'administrator' });
  const admin = (await t.login(user)).headers;
  mug = await createProduct(t, admin, { name: 'Mug', price: '12.50' });
});
afterAll(async () => t.close());

function newCapture(sessionId: string): NewCapture {
  const at = '2026-11-22 10:00:00';
  return {
    checkAt: new Date('2026-11-22T10:30:00Z'),
    row: {
      session_id: sessionId,
      email: `${sessionId.toLowerCase()}@example.com`,
      email_hash: sessionId.padEnd(64, '0'),
      status: 'captured',
      source: 'block',
      consent_text: 'ok',
      consent_at: at,
      capture_token_hash: 'f'.repeat(64),
      cart_session_id: null,
      cart_snapshot: '{"items":[],"coupons":[]}',
      cart_fingerprint: '',
      cart_total: 0,
      currency: 'USD',
      item_count: 0,
      captured_at: at,
      last_activity_at: at,
      created_at: at,
      updated_at: at,
    },
  };
}

async function storedSessions(ids: string[]) {
  return t.ctx.db
    .selectFrom('cr_sessions')
    .select(['id', 'session_id'])
    .where('session_id', 'in', ids)
    .execute();
}

describe('capture group commit', () => {
  it('should write captures that arrive in the same turn of the event loop in one transaction', async () => {
    const writer = crOf(t).captureWriter;
    const spy = vi.spyOn(t.ctx.db, 'transaction');
    await Promise.all(['TurnA', 'TurnB', 'TurnC', 'TurnD'].map((id) => writer.write(newCapture(id))));
    const transactions = spy.mock.calls.length;
    spy.mockRestore();
    expect(transactions).toBe(1);
    expect(await storedSessions(['TurnA', 'TurnB', 'TurnC', 'TurnD'])).toHaveLength(4);
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
      .select('args')
      .where('hook', '=', HOOKS.detectSession)
      .where('status', '=', 'pending')
      .execute();
    const jobSessions = jobs.map((j) => (JSON.parse(j.args) as { session: number }).session);
    for (const id of ids) expect(jobSessions.filter((s) => s === id)).toHaveLength(1);
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
});
