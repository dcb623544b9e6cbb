import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
const ran: unknown[] = [];

beforeAll(async () => {
  t = await createTestApp({ options: { extensions: [] } });
  t.ctx.jobs.register('test.many', async (args) => {
    ran.push(args);
  });
});
afterAll(async () => t.close());

describe('JobQueue.scheduleMany', () => {
  it('should schedule several jobs in one call, skipping unique ones that already exist', async () => {
    await t.ctx.jobs.schedule({ hook: 'test.many', args: { n: 1 }, unique: true });
    const scheduled = await t.ctx.jobs.scheduleMany([
      { hook: 'test.many', args: { n: 1 }, unique: true },
      { hook: 'test.many', args: { n: 2 }, unique: true },
      { hook: 'test.many', args: { n: 2 }, unique: true },
      { hook: 'test.many', args: { n: 3 }, maxAttempts: 3, priority: 5 },
      { hook: 'test.many', args: { n: 4 }, runAt: new Date(Date.now() + 3_600_000) },
    ]);
    expect(scheduled).toBe(3);
    expect(await t.ctx.jobs.scheduleMany([])).toBe(0);
    const pending = await t.ctx.jobs.list({ status: 'pending', hook: 'test.many', offset: 0, limit: 10 });
    expect(pending.rows.map((j) => j.args.n).sort()).toEqual([1, 2, 3, 4]);
    expect(pending.rows.find((j) => j.args.n === 3)).toMatchObject({ max_attempts: 3 });
    expect(await t.ctx.jobs.runDue()).toBe(3);
    expect(ran.map((a) => (a as { n: number }).n).sort()).toEqual([1, 2, 3]);
  });

  it('should join the caller’s transaction (nothing scheduled when it rolls back)', async () => {
    await expect(
      t.ctx.db.transaction().execute(async (trx) => {
        await t.ctx.jobs.scheduleMany([{ hook: 'test.many', args: { n: 9 } }], trx);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const pending = await t.ctx.jobs.list({ status: 'pending', hook: 'test.many', offset: 0, limit: 10 });
    expect(pending.rows.some((j) => j.args.n === 9)).toBe(false);
  });
});
