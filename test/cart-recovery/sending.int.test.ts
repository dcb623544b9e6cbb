import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepStaleClaims } from '../../src/extensions/cart-recovery/sequence/abandonment.service.js';
import { claimNotification } from '../../src/extensions/cart-recovery/sequence/notifications.repository.js';
import { sendStep } from '../../src/extensions/cart-recovery/sequence/send.service.js';
import { scheduleStepSend } from '../../src/extensions/cart-recovery/sequence/session-jobs.js';
import { ManualClock } from '../../src/platform/clock.js';
import { toDbTime } from '../../src/platform/db/sql-helpers.js';
import type { TestApp } from '../helpers/test-app.js';
import { capture, createCrApp, createProduct, crOf } from './cr-helpers.js';
import { SmtpSink } from './smtp-sink.js';

const MIN = 60_000;
let t: TestApp;
let smtp: SmtpSink;
let clock: ManualClock;
let mug: number;
let n = 0;

beforeAll(async () => {
  smtp = await new SmtpSink().start();
  clock = new ManualClock(new Date('2026-11-23T08:00:00Z'));
  t = await createCrApp({ env: { SMTP_URL: smtp.url }, options: { clock } });
  const admin = (await t.login(await t.createUser({ role: 'administrator' }))).headers;
  mug = await createProduct(t, admin, { name: 'Mug', price: '9.00' });
});
afterAll(async () => {
  await t.close();
  await smtp.stop();
});

/** A session abandoned just now (its three steps queued); returns its row id and address. */
async function abandonedSession(): Promise<{ id: number; email: string }> {
  const email = `s${++n}@example.com`;
  const r = await capture(
    t,
    { email, consent: true, cart: [{ product_id: mug, quantity: 1 }], source: 'classic' },
    { ip: `10.7.0.${n}` },
  );
  expect(r.statusCode).toBe(201);
  clock.advance(31 * MIN);
  await t.ctx.jobs.runDue({ limit: 200 });
  const row = await t.ctx.db
    .selectFrom('cr_sessions')
    .select(['id', 'status'])
    .where('session_id', '=', r.json().session_id)
    .executeTakeFirstOrThrow();
  expect(row.status).toBe('abandoned');
  return { id: row.id, email };
}

const notification = (sessionId: number, step: number) =>
  t.ctx.db
    .selectFrom('cr_notifications')
    .selectAll()
    .where('session_id', '=', sessionId)
    .where('step', '=', step)
    .executeTakeFirstOrThrow();

describe('sending a step exactly once', () => {
  it('should send once when two workers run duplicate jobs of the same step at the same time', async () => {
    const s = await abandonedSession();
    const cr = crOf(t);
    for (let i = 0; i < 3; i++)
      await scheduleStepSend(cr, t.ctx.db, { sessionId: s.id, step: 1, at: clock.now(), unique: false });
    clock.advance(45 * MIN);
    const ran = await Promise.all([
      t.ctx.jobs.runDue({ workerId: 'worker-a', limit: 2 }),
      t.ctx.jobs.runDue({ workerId: 'worker-b', limit: 2 }),
    ]);
    await t.ctx.jobs.runDue({ limit: 50 });
    expect(ran[0] + ran[1]).toBeGreaterThanOrEqual(2);
    expect(smtp.to(s.email)).toHaveLength(1);
    expect(await notification(s.id, 1)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('should send once when the same step is sent by many callers concurrently', async () => {
    const s = await abandonedSession();
    const cr = crOf(t);
    const outcomes = await Promise.all(
      Array.from({ length: 5 }, (_, i) => sendStep(cr, { sessionId: s.id, step: 2, workerId: `w${i}` })),
    );
    expect(outcomes.filter((o) => o.result === 'sent')).toHaveLength(1);
    expect(outcomes.filter((o) => o.result === 'skipped')).toHaveLength(4);
    expect(smtp.to(s.email)).toHaveLength(1);
  });

  it('should retry a refused message 15 and 30 minutes later and stop after the third attempt', async () => {
    const s = await abandonedSession();
    smtp.rejectNext(3, s.email);
    clock.advance(45 * MIN);
    await t.ctx.jobs.runDue({ limit: 50 });
    expect(await notification(s.id, 1)).toMatchObject({ status: 'retry_queued', attempts: 1 });
    clock.advance(14 * MIN);
    await t.ctx.jobs.runDue({ limit: 50 });
    expect((await notification(s.id, 1)).attempts).toBe(1);
    clock.advance(1 * MIN);
    await t.ctx.jobs.runDue({ limit: 50 });
    expect(await notification(s.id, 1)).toMatchObject({ status: 'retry_queued', attempts: 2 });
    clock.advance(30 * MIN);
    await t.ctx.jobs.runDue({ limit: 50 });
    const failed = await notification(s.id, 1);
    expect(failed).toMatchObject({ status: 'failed', attempts: 3 });
    expect(failed.last_error).toContain('451');
    clock.advance(60 * MIN);
    await t.ctx.jobs.runDue({ limit: 50 });
    expect(smtp.to(s.email)).toHaveLength(0);
  });

  it('should deliver on the second attempt after one refusal', async () => {
    const s = await abandonedSession();
    smtp.rejectNext(1, s.email);
    clock.advance(45 * MIN);
    await t.ctx.jobs.runDue({ limit: 50 });
    clock.advance(15 * MIN);
    await t.ctx.jobs.runDue({ limit: 50 });
    expect(await notification(s.id, 1)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(smtp.to(s.email)).toHaveLength(1);
  });

  it('should never resend a step whose worker died after handing the message to the relay', async () => {
    const s = await abandonedSession();
    const held = smtp.hold();
    clock.advance(45 * MIN);
    const dying = sendStep(crOf(t), { sessionId: s.id, step: 1, workerId: 'dying' });
    await waitFor(async () => (await notification(s.id, 1)).handoff_at !== null);
    expect((await notification(s.id, 1)).status).toBe('sending');
    clock.advance(16 * MIN);
    expect(await sweepStaleClaims(crOf(t))).toBeGreaterThanOrEqual(1);
    expect((await notification(s.id, 1)).status).toBe('unknown');
    await t.ctx.jobs.runDue({ limit: 50 });
    held.release();
    await dying;
    const after = await notification(s.id, 1);
    expect(after.status).toBe('sent');
    expect(smtp.to(s.email)).toHaveLength(1);
  });

  it('should retry a step whose worker died before sending, exactly once', async () => {
    const s = await abandonedSession();
    clock.advance(45 * MIN);
    const claim = await claimNotification(t.ctx.db, {
      sessionId: s.id,
      step: 1,
      workerId: 'dead-worker',
      now: toDbTime(clock.now()),
    });
    expect(claim?.status).toBe('sending');
    await t.ctx.jobs.runDue({ limit: 50 });
    expect(smtp.to(s.email)).toHaveLength(0);
    clock.advance(16 * MIN);
    await t.ctx.jobs.runDue({ limit: 50 });
    await t.ctx.jobs.runDue({ limit: 50 });
    expect(await notification(s.id, 1)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(smtp.to(s.email)).toHaveLength(1);
  });

  it('should skip and cancel the sequence when the shopper unsubscribed or the session moved on', async () => {
    const s = await abandonedSession();
    await t.ctx.db.updateTable('cr_sessions').set({ status: 'expired' }).where('id', '=', s.id).execute();
    clock.advance(45 * MIN);
    await t.ctx.jobs.runDue({ limit: 50 });
    expect(await notification(s.id, 1)).toMatchObject({
      status: 'canceled',
      cancel_reason: 'status_changed',
    });
    expect((await notification(s.id, 3)).status).toBe('canceled');
    expect(smtp.to(s.email)).toHaveLength(0);
  });
});

async function waitFor(check: () => Promise<boolean>, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}
