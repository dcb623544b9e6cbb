import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GroupCommit } from '../../src/platform/db/group-commit.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let group: GroupCommit;
beforeAll(async () => {
  t = await createTestApp({ options: { extensions: [] } });
  const id = t.ctx.engine === 'sqlite' ? sql`integer primary key` : sql`serial primary key`;
  await sql`create table group_commit_test (id ${id}, label varchar(20) not null unique)`.execute(t.ctx.db);
  group = new GroupCommit(t.ctx.db, t.ctx.engine);
});
afterAll(async () => t.close());

const insert = (label: string) => async (trx: Parameters<Parameters<GroupCommit['run']>[0]>[0]) => {
  await sql`insert into group_commit_test (label) values (${label})`.execute(trx);
  const { rows } = await sql<{ n: number }>`select count(*) as n from group_commit_test`.execute(trx);
  return Number(rows[0]!.n);
};
const labels = async () =>
  (await sql<{ label: string }>`select label from group_commit_test order by id`.execute(t.ctx.db)).rows.map(
    (r) => r.label,
  );

describe('GroupCommit', () => {
  it('should run units in submission order, each seeing the ones before it, and reject a failing unit alone', async () => {
    const outcomes = await Promise.allSettled([
      group.run(insert('a')),
      group.run(insert('b')),
      group.run(insert('a')), // unique violation: rolled back alone
      group.run(async (trx) => {
        await insert('c')(trx);
        throw new Error('refused after writing');
      }),
      group.run(insert('d')),
    ]);
    expect((outcomes[3] as PromiseRejectedResult).reason.message).toBe('refused after writing');
    if (t.ctx.engine === 'sqlite') {
      expect(outcomes.map((o) => o.status)).toEqual([
        'fulfilled',
        'fulfilled',
        'rejected',
        'rejected',
        'fulfilled',
      ]);
      expect(outcomes.map((o) => (o.status === 'fulfilled' ? o.value : null))).toEqual([1, 2, null, null, 3]);
      expect(await labels()).toEqual(['a', 'b', 'd']);
    } else {
      // One transaction per unit, running side by side: which 'a' wins is not fixed.
      expect(outcomes.filter((o) => o.status === 'rejected')).toHaveLength(2);
      expect((await labels()).sort()).toEqual(['a', 'b', 'd']);
    }
  });

  it('should answer no unit of a group before the group is committed (SQLite), one transaction each elsewhere', async () => {
    const events: string[] = [];
    const unit = (name: string) => async () => {
      events.push(`ran ${name}`);
      return name;
    };
    await Promise.all(
      ['x', 'y'].map((name) => group.run(unit(name)).then(() => events.push(`answered ${name}`))),
    );
    expect(events).toEqual(
      t.ctx.engine === 'sqlite'
        ? ['ran x', 'ran y', 'answered x', 'answered y']
        : expect.arrayContaining(['ran x', 'ran y', 'answered x', 'answered y']),
    );
  });

  it('should reject a lone failing unit with its own error and write nothing of it', async () => {
    await expect(
      group.run(async (trx) => {
        await insert('lone')(trx);
        throw new Error('lone failure');
      }),
    ).rejects.toThrow('lone failure');
    expect(await labels()).not.toContain('lone');
  });
});
