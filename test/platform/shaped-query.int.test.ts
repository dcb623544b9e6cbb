import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inListChunks, shapedQuery } from '../../src/platform/db/shaped-query.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ options: { extensions: [] } });
});
afterAll(async () => t.close());

const AT = '2026-01-01 00:00:00';

/** Inserts `shape` jobs rows: values hook, args, group_name per row. */
const insertJobs = shapedQuery((db, p, shape: number) =>
  db
    .insertInto('jobs')
    .values(
      Array.from({ length: shape }, (_, row) => ({
        hook: p(row * 3),
        args: p(row * 3 + 1),
        unique_key: null,
        status: 'pending' as const,
        priority: 10,
        run_at: AT,
        attempts: 0,
        max_attempts: 1,
        backoff_seconds: 60,
        last_error: null,
        recurrence: null,
        group_name: p(row * 3 + 2),
        claimed_by: null,
        claimed_at: null,
        created_at: AT,
        finished_at: null,
      })),
    )
    .returning(['id', 'hook']),
);

const jobsOfHook = shapedQuery((db, p) =>
  db.selectFrom('jobs').select(['hook', 'args', 'group_name']).where('hook', '=', p(0)).orderBy('id'),
);

describe('shapedQuery', () => {
  it('should run the compiled SQL of a shape with new values on every call', async () => {
    const first = await insertJobs.execute(t.ctx.db, ['shaped.a', '{"n":1}', 'g1'], 1);
    const second = await insertJobs.execute(
      t.ctx.db,
      ['shaped.a', '{"n":2}', 'g2', 'shaped.b', '{}', 'g3'],
      2,
    );
    expect(first.rows).toHaveLength(1);
    expect(second.rows.map((r) => r.hook)).toEqual(['shaped.a', 'shaped.b']);
    expect((await jobsOfHook.execute(t.ctx.db, ['shaped.a'], 0)).rows).toEqual([
      { hook: 'shaped.a', args: '{"n":1}', group_name: 'g1' },
      { hook: 'shaped.a', args: '{"n":2}', group_name: 'g2' },
    ]);
    expect((await jobsOfHook.execute(t.ctx.db, ['shaped.b'], 0)).rows).toEqual([
      { hook: 'shaped.b', args: '{}', group_name: 'g3' },
    ]);
  });

  it('should keep the constants written into the shape', async () => {
    await insertJobs.execute(t.ctx.db, ['shaped.c', '{}', 'g'], 1);
    const row = await t.ctx.db
      .selectFrom('jobs')
      .select(['priority', 'run_at', 'status', 'max_attempts'])
      .where('hook', '=', 'shaped.c')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ priority: 10, run_at: AT, status: 'pending', max_attempts: 1 });
  });

  it('should run inside the caller’s transaction', async () => {
    await expect(
      t.ctx.db.transaction().execute(async (trx) => {
        await insertJobs.execute(trx, ['shaped.rollback', '{}', 'g'], 1);
        expect((await jobsOfHook.execute(trx, ['shaped.rollback'], 0)).rows).toHaveLength(1);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect((await jobsOfHook.execute(t.ctx.db, ['shaped.rollback'], 0)).rows).toEqual([]);
  });

  it('should refuse a wrong number of values', async () => {
    expect(() => jobsOfHook.execute(t.ctx.db, [], 0)).toThrow('expects 1 values, got 0');
  });

  it('should refuse a shape whose placeholder is not a bound parameter', async () => {
    const inlined = shapedQuery((db, p) =>
      db.selectFrom('jobs').select('id').where('hook', '=', p(1)).where(sql.lit(1), '=', 1),
    );
    expect(() => inlined.execute(t.ctx.db, ['x', 'y'], 0)).toThrow('placeholder 0 is not a bound parameter');
  });

  it('should pad in-lists to a power of two with their last value, in chunks of at most max', () => {
    expect(inListChunks([])).toEqual([]);
    expect(inListChunks([7])).toEqual([{ values: [7], shape: 1 }]);
    expect(inListChunks([1, 2, 3, 2])).toEqual([{ values: [1, 2, 3, 3], shape: 4 }]);
    expect(inListChunks(['a', 'b', 'c', 'd', 'e'], 4)).toEqual([
      { values: ['a', 'b', 'c', 'd'], shape: 4 },
      { values: ['e'], shape: 1 },
    ]);
  });

  it('should select by a padded in-list like by the list itself', async () => {
    const byHooks = shapedQuery((db, p, size: number) =>
      db
        .selectFrom('jobs')
        .select('hook')
        .where(
          'hook',
          'in',
          Array.from({ length: size }, (_, i) => p(i)),
        )
        .orderBy('hook'),
    );
    const [chunk] = inListChunks(['shaped.b', 'shaped.a', 'nope']);
    const { rows } = await byHooks.execute(t.ctx.db, chunk!.values, chunk!.shape);
    expect(rows.map((r) => r.hook)).toEqual(['shaped.a', 'shaped.a', 'shaped.b']);
  });
});
