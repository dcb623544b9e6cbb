import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ options: { extensions: [] } });
});
afterAll(async () => t.close());

describe('JobQueue.cancel with a list of argument subsets', () => {
  it('should cancel the pending jobs matching any subset in one call and leave the others', async () => {
    for (const session of [1, 2, 3]) {
      for (const step of [1, 2])
        await t.ctx.jobs.schedule({ hook: 'test.cancel_list', args: { session, step } });
    }
    expect(await t.ctx.jobs.cancel('test.cancel_list', [{ session: 1 }, { session: 3, step: 2 }])).toBe(3);
    const left = await t.ctx.jobs.list({ status: 'pending', hook: 'test.cancel_list', offset: 0, limit: 10 });
    expect(
      left.rows
        .map((j) => j.args)
        .sort((a, b) => Number(a.session) - Number(b.session) || Number(a.step) - Number(b.step)),
    ).toEqual([
      { session: 2, step: 1 },
      { session: 2, step: 2 },
      { session: 3, step: 1 },
    ]);
    expect(await t.ctx.jobs.cancel('test.cancel_list', [])).toBe(0);
  });
});

describe('JobQueue.cancelGroups', () => {
  it('should cancel only the pending jobs of the given groups, across statements, and leave the rest', async () => {
    const ids: number[] = [];
    // 1,200 groups: more than one cancelling statement.
    for (let n = 0; n < 1200; n++)
      ids.push((await t.ctx.jobs.schedule({ hook: 'test.groups', args: { n }, group: `g.${n}` }))!);
    await t.ctx.jobs.schedule({ hook: 'test.groups', args: { n: 'other' }, group: 'other' });
    await t.ctx.jobs.schedule({ hook: 'test.groups', args: { n: 'none' } });
    const groups = Array.from({ length: 1100 }, (_, n) => `g.${n}`);
    expect(await t.ctx.jobs.cancelGroups([...groups, 'missing'])).toBe(1100);
    // Already cancelled jobs are not counted again.
    expect(await t.ctx.jobs.cancelGroups(['g.0', 'g.1100'])).toBe(1);
    const left = await t.ctx.jobs.list({ status: 'pending', hook: 'test.groups', offset: 0, limit: 500 });
    expect(left.total).toBe(101);
    expect(left.rows.map((j) => j.group).sort()).toContain('other');
    expect(left.rows.some((j) => j.group === '')).toBe(true);
    expect(await t.ctx.jobs.cancelGroups([])).toBe(0);
  });
});
