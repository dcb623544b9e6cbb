import type SQLite from 'better-sqlite3';
import { type Generated, type RawBuilder, sql } from 'kysely';
import type pg from 'pg';
import type { DbOrTrx } from '../db/database.js';

declare module '../db/database.js' {
  interface Tables {
    data_version_bumps: { id: Generated<number>; topic: string; weight: Generated<number> };
  }
}

/** Every topic's committed version (the sum of its rows), with the rows read and the highest row id. */
export interface VersionsRead {
  versions: Array<{ topic: string; version: number }>;
  rows: number;
  lastId: number;
}

/** Records one bump of each of `topics` in the caller's transaction (or as a statement of its own). */
export async function insertBumps(db: DbOrTrx, topics: readonly string[]): Promise<void> {
  await insertBumpsPart(db, topics).execute();
}

/** The statement recording one bump of each of `topics`, returning `topic`, alone or as a part of a larger one. */
export function insertBumpsPart(db: DbOrTrx, topics: readonly string[]) {
  return db
    .insertInto('data_version_bumps')
    .values(topics.map((topic) => ({ topic })))
    .returning(['topic']);
}

/**
 * PostgreSQL: the CTE `bumped_topics (topic)` of a larger statement that records a bump of each of `topics` once
 * all rows of its earlier CTE `after` are written, and only when there are some.
 */
export function bumpCte(topics: readonly string[], after: string): RawBuilder<unknown> {
  const names = sql.join(topics.map((topic) => sql`(${topic}::text)`));
  return sql`bumped_topics as (
    insert into data_version_bumps (topic)
    select t.topic from (values ${names}) as t(topic) where (select count(*) from ${sql.table(after)}) > 0
    returning topic
  )`;
}

const READ_SQL =
  'select topic, sum(weight) as version, count(*) as n, max(id) as last from data_version_bumps group by topic';

/** Every topic's committed version, read through the query builder. */
export async function readVersions(db: DbOrTrx): Promise<VersionsRead> {
  const { rows } = await sql<{ topic: string; version: number; n: number; last: number }>`${sql.raw(
    READ_SQL,
  )}`.execute(db);
  return summarize(rows.map((row) => [row.topic, row.version, row.n, row.last]));
}

/** PostgreSQL: every topic's committed version, as one prepared statement on a connection of its own. */
export async function readVersionsOn(client: pg.Client): Promise<VersionsRead> {
  const result = await client.query<[string, string, string, string]>({
    name: 'storeside_data_versions',
    text: READ_SQL,
    rowMode: 'array',
  });
  return summarize(result.rows);
}

const dataVersionStatements = new WeakMap<SQLite.Database, SQLite.Statement>();

/** SQLite: a number that changes whenever another connection (another process) commits to the file. */
export function sqliteDataVersion(sqlite: SQLite.Database): number {
  let statement = dataVersionStatements.get(sqlite);
  if (statement === undefined) {
    statement = sqlite.prepare('pragma data_version').pluck();
    dataVersionStatements.set(sqlite, statement);
  }
  return statement.get() as number;
}

/**
 * Folds every committed row up to `lastId` into one row per topic with the same sum, in one transaction: readers
 * see the rows before or after it, never a different version. Rows of writes not yet committed stay as they are.
 */
export async function compactBumps(db: DbOrTrx, lastId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const folded = await trx
      .deleteFrom('data_version_bumps')
      .where('id', '<=', lastId)
      .returning(['topic', 'weight'])
      .execute();
    const sums = new Map<string, number>();
    for (const row of folded) sums.set(row.topic, (sums.get(row.topic) ?? 0) + Number(row.weight));
    if (sums.size === 0) return;
    await trx
      .insertInto('data_version_bumps')
      .values([...sums].map(([topic, weight]) => ({ topic, weight })))
      .execute();
  });
}

function summarize(rows: Array<[string, unknown, unknown, unknown]>): VersionsRead {
  let count = 0;
  let lastId = 0;
  const versions = rows.map(([topic, version, n, last]) => {
    count += Number(n);
    lastId = Math.max(lastId, Number(last));
    return { topic, version: Number(version) };
  });
  return { versions, rows: count, lastId };
}
