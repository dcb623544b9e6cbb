import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/platform/clock.js';
import { type Database, openDatabase } from '../../src/platform/db/database.js';
import { DbJobQueue } from '../../src/platform/jobs/db-job-queue.js';
import type { JobArgs } from '../../src/platform/jobs/job-queue.js';
import { claimDueJobs } from '../../src/platform/jobs/jobs.repository.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

const clock = new ManualClock(new Date('2026-03-01T05:00:00Z'));
const silent = { warn() {}, error() {}, info() {}, debug() {} } as never;
let t: TestApp;
let failuresLeft = 0;
const ran: JobArgs[] = [];

beforeAll(async () => {
  t = await createTestApp({ options: { extensions: [], clock } });
  t.ctx.jobs.register('test.record', async (args) => {
    ran.push(args);
  });
  t.ctx.jobs.register('test.flaky', async () => {
    if (failuresLeft > 0) {
      failuresLeft--;
      throw new Error(`boom ${failuresLeft}`);
    }
  });
});
afterAll(async () => t.close());

const job = async (id: number) =>
  await t.ctx.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('retries', () => {
  it('should retry a failing job with linear back-off, recording attempts and the last error', async () => {
    failuresLeft = 2;
    const id = (await t.ctx.jobs.schedule({ hook: 'test.flaky', maxAttempts: 3, backoffSeconds: 60 }))!;
    expect(await t.ctx.jobs.runDue()).toBe(1);
    expect(await job(id)).toMatchObject({ status: 'pending', attempts: 1, last_error: 'boom 1' });
    expect((await job(id)).run_at).toBe('2026-03-01 05:01:00');
    expect(await t.ctx.jobs.runDue()).toBe(0);
    clock.advance(60_000);
    expect(await t.ctx.jobs.runDue()).toBe(1);
    expect(await job(id)).toMatchObject({ status: 'pending', attempts: 2, last_error: 'boom 0' });
    expect((await job(id)).run_at).toBe('2026-03-01 05:03:00'); // 2 × 60 s after the second attempt
    clock.advance(120_000);
    expect(await t.ctx.jobs.runDue()).toBe(1);
    expect(await job(id)).toMatchObject({ status: 'complete', attempts: 3 });
  });

  it('should mark a job failed when its attempts are used up', async () => {
    failuresLeft = 5;
    const id = (await t.ctx.jobs.schedule({ hook: 'test.flaky', maxAttempts: 1 }))!;
    await t.ctx.jobs.runDue();
    expect(await job(id)).toMatchObject({ status: 'failed', attempts: 1, last_error: 'boom 4' });
    expect((await job(id)).finished_at).not.toBeNull();
  });

  it('should fail a job whose hook has no handler, saying so', async () => {
    const id = (await t.ctx.jobs.schedule({ hook: 'test.nobody_home' }))!;
    await t.ctx.jobs.runDue();
    expect(await job(id)).toMatchObject({
      status: 'failed',
      last_error: expect.stringContaining('No handler'),
    });
  });
});

describe('unique jobs and cancel', () => {
  it('should schedule a unique job once per hook+args while it is pending, and again once it ran', async () => {
    const first = await t.ctx.jobs.schedule({ hook: 'test.record', args: { u: 1, v: 'x' }, unique: true });
    expect(first).not.toBeNull();
    expect(
      await t.ctx.jobs.schedule({ hook: 'test.record', args: { v: 'x', u: 1 }, unique: true }),
    ).toBeNull();
    expect(
      await t.ctx.jobs.schedule({ hook: 'test.record', args: { u: 2, v: 'x' }, unique: true }),
    ).not.toBeNull();
    await t.ctx.jobs.runDue();
    expect(
      await t.ctx.jobs.schedule({ hook: 'test.record', args: { u: 1, v: 'x' }, unique: true }),
    ).not.toBeNull();
    await t.ctx.jobs.runDue();
  });

  it('should cancel pending jobs by hook and by hook+args', async () => {
    const a = (await t.ctx.jobs.schedule({ hook: 'test.cancel_me', args: { order: 1 } }))!;
    const b = (await t.ctx.jobs.schedule({ hook: 'test.cancel_me', args: { order: 2, extra: true } }))!;
    const c = (await t.ctx.jobs.schedule({ hook: 'test.cancel_me', args: { order: 3 } }))!;
    expect(await t.ctx.jobs.cancel('test.cancel_me', { order: 2 })).toBe(1);
    expect((await job(b)).status).toBe('canceled');
    expect((await job(a)).status).toBe('pending');
    expect(await t.ctx.jobs.cancel('test.cancel_me')).toBe(2);
    expect((await job(c)).status).toBe('canceled');
    expect(await t.ctx.jobs.runDue()).toBe(0);
  });
});

describe('recurring jobs', () => {
  it('should run an interval job and schedule its next run, never twice', async () => {
    ran.length = 0;
    const id = await t.ctx.jobs.scheduleRecurring({
      hook: 'test.record',
      args: { every: 'hour' },
      intervalSeconds: 3600,
    });
    expect(
      await t.ctx.jobs.scheduleRecurring({
        hook: 'test.record',
        args: { every: 'hour' },
        intervalSeconds: 3600,
      }),
    ).toBe(id);
    expect((await job(id)).run_at).toBe(sqlTime(clock.now(), 3600));
    clock.advance(3600_000);
    expect(await t.ctx.jobs.runDue()).toBe(1);
    expect(ran).toEqual([{ every: 'hour' }]);
    const next = await t.ctx.db
      .selectFrom('jobs')
      .selectAll()
      .where('hook', '=', 'test.record')
      .where('status', '=', 'pending')
      .execute();
    expect(next).toHaveLength(1);
    expect(next[0]).toMatchObject({ recurrence: 'interval:3600', run_at: sqlTime(clock.now(), 3600) });
    await t.ctx.jobs.cancel('test.record');
  });

  it('should schedule a daily job at its UTC time, today or tomorrow', async () => {
    clock.set(new Date('2026-03-05T05:00:00Z'));
    const late = await t.ctx.jobs.scheduleRecurring({ hook: 'test.daily_a', dailyAt: '03:10' });
    expect((await job(late)).run_at).toBe('2026-03-06 03:10:00');
    const soon = await t.ctx.jobs.scheduleRecurring({ hook: 'test.daily_b', dailyAt: '23:45' });
    expect((await job(soon)).run_at).toBe('2026-03-05 23:45:00');
    await expect(t.ctx.jobs.scheduleRecurring({ hook: 'test.daily_c', dailyAt: '25:00' })).rejects.toThrow();
    await t.ctx.jobs.cancel('test.daily_a');
    await t.ctx.jobs.cancel('test.daily_b');
  });
});

describe('stale claims', () => {
  it('should put a job whose worker died back to pending after the timeout and run it', async () => {
    ran.length = 0;
    const id = (await t.ctx.jobs.schedule({ hook: 'test.record', args: { stale: 1 }, maxAttempts: 2 }))!;
    await claimAsDeadWorker(id);
    await t.ctx.jobs.runDue(); // claimed 1 minute ago: not stale yet
    expect(ran).toEqual([]);
    expect((await job(id)).status).toBe('running');
    clock.advance(5 * 60_000);
    await t.ctx.jobs.runDue();
    expect(ran).toEqual([{ stale: 1 }]);
    expect(await job(id)).toMatchObject({
      status: 'complete',
      attempts: 2,
      last_error: expect.stringContaining('Claim timed out'),
    });
  });

  it('should fail a stale job that has no attempts left', async () => {
    const id = (await t.ctx.jobs.schedule({ hook: 'test.record', args: { stale: 2 } }))!;
    await claimAsDeadWorker(id);
    clock.advance(6 * 60_000);
    await t.ctx.jobs.runDue();
    expect(await job(id)).toMatchObject({
      status: 'failed',
      last_error: expect.stringContaining('Claim timed out'),
    });
  });

  it('should run a job claimed by a worker that died before starting it, even with no retries', async () => {
    ran.length = 0;
    const id = (await t.ctx.jobs.schedule({ hook: 'test.record', args: { stale: 3 }, priority: 0 }))!;
    // The worker's claim takes it (with any others of its batch) and the worker dies before running it.
    const [claimed] = await claimDueJobs(t.ctx.db, {
      engine: t.ctx.engine,
      workerId: 'dead-worker',
      now: sqlTime(clock.now(), 0),
      limit: 1,
    });
    expect(claimed).toMatchObject({ id, status: 'running', attempts: 0 });
    await t.ctx.jobs.runDue();
    expect(ran).toEqual([]);
    clock.advance(6 * 60_000);
    await t.ctx.jobs.runDue();
    expect(ran).toEqual([{ stale: 3 }]);
    expect(await job(id)).toMatchObject({
      status: 'complete',
      attempts: 1,
      last_error: expect.stringContaining('Claim timed out'),
    });
  });

  it('should leave a claimed job to the worker that recovered it when the claim went stale before it started', async () => {
    ran.length = 0;
    const slow = new DbJobQueue({ db: t.ctx.db, engine: t.ctx.engine, clock, logger: silent });
    slow.register('test.record', async (args) => {
      ran.push(args);
    });
    // The first job of the batch outlasts the stale timeout; meanwhile another worker recovers the second.
    slow.register('test.slow', async () => {
      clock.advance(6 * 60_000);
      await t.ctx.jobs.runDue();
    });
    const first = (await t.ctx.jobs.schedule({ hook: 'test.slow', priority: 0 }))!;
    const second = (await t.ctx.jobs.schedule({ hook: 'test.record', args: { stale: 4 }, priority: 0 }))!;
    expect(await slow.runDue({ limit: 2, workerId: 'slow-worker' })).toBe(2);
    expect(ran).toEqual([{ stale: 4 }]);
    expect(await job(second)).toMatchObject({ status: 'complete', attempts: 1 });
    // The slow job itself counted as dead: failed (no attempts left), its late outcome not written over that.
    expect(await job(first)).toMatchObject({ status: 'failed', attempts: 1 });
  });
});

describe('two workers on one database', () => {
  it('should never run the same job twice when two queues claim concurrently', async () => {
    const second = await secondConnection();
    try {
      const counts = new Map<number, number>();
      const handler = async (args: JobArgs) => {
        counts.set(Number(args.n), (counts.get(Number(args.n)) ?? 0) + 1);
        await new Promise((r) => setTimeout(r, 2));
      };
      const workers = [t.ctx.db, second.db].map((db, i) => {
        const queue = new DbJobQueue({ db, engine: t.ctx.engine, clock, logger: silent }, { batchSize: 5 });
        queue.register('test.race', handler);
        return { queue, id: `worker-${i}` };
      });
      for (let n = 0; n < 120; n++) await t.ctx.jobs.schedule({ hook: 'test.race', args: { n } });
      const drain = async (w: (typeof workers)[number]) => {
        let total = 0;
        for (let ran = 1; ran > 0; total += ran) {
          ran = await w.queue.runDue({ workerId: w.id });
          expect(ran).toBeLessThanOrEqual(5); // one batch per claim
        }
        return total;
      };
      const [a, b] = await Promise.all(workers.map(drain));
      expect(a + b).toBe(120);
      expect(counts.size).toBe(120);
      expect([...counts.values()].every((c) => c === 1)).toBe(true);
      if (t.ctx.engine === 'postgres') expect(Math.min(a, b)).toBeGreaterThan(0);
      const left = await t.ctx.db
        .selectFrom('jobs')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('hook', '=', 'test.race')
        .where('status', '!=', 'complete')
        .executeTakeFirstOrThrow();
      expect(Number(left.n)).toBe(0);
    } finally {
      await second.destroy();
    }
  });
});

describe('GET /wp-json/platform/v1/jobs', () => {
  it('should list jobs for manage_options holders, 403 for customers, 401 for anonymous', async () => {
    await t.ctx.jobs.schedule({ hook: 'test.visible', args: { x: 1 } });
    const admin = await t.login(await t.createUser({ role: 'administrator' }));
    const r = await t.app.inject({
      method: 'GET',
      url: '/wp-json/platform/v1/jobs?hook=test.visible&status=pending',
      headers: admin.headers,
    });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual([
      expect.objectContaining({ hook: 'test.visible', args: { x: 1 }, status: 'pending' }),
    ]);
    expect(r.headers['x-wp-total']).toBe('1');
    const customer = await t.login(await t.createUser());
    expect(
      (await t.app.inject({ method: 'GET', url: '/wp-json/platform/v1/jobs', headers: customer.headers }))
        .statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/wp-json/platform/v1/jobs' })).statusCode).toBe(401);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/wp-json/platform/v1/jobs?status=sleeping',
      headers: admin.headers,
    });
    expect(bad.statusCode).toBe(400);
  });
});

function sqlTime(from: Date, plusSeconds: number): string {
  return new Date(from.getTime() + plusSeconds * 1000).toISOString().slice(0, 19).replace('T', ' ');
}

/** Marks a job as claimed and started (its attempt counted) a minute ago by a worker that then died. */
async function claimAsDeadWorker(id: number): Promise<void> {
  await t.ctx.db
    .updateTable('jobs')
    .set({
      status: 'running',
      claimed_by: 'dead-worker',
      claimed_at: sqlTime(clock.now(), -60),
      attempts: 1,
    })
    .where('id', '=', id)
    .execute();
}

/** A second, independent connection (pool) to the same database, as another server instance would have. */
async function secondConnection(): Promise<Database> {
  if (t.ctx.engine === 'sqlite') return { db: t.ctx.db, engine: 'sqlite', destroy: async () => {} };
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(t.ctx.db);
  const second = await openDatabase({ url: process.env.TEST_DATABASE_URL!, schema: rows[0]!.schema });
  await sql`select 1`.execute(second.db); // connected before the race starts
  return second;
}
