import { type RawBuilder, sql } from 'kysely';
import type { DbOrTrx } from '../db/database.js';

declare module '../db/database.js' {
  interface Tables {
    data_versions: { topic: string; version: string | number };
  }
}

/** The PostgreSQL channel version bumps are announced on (one per schema, so test schemas stay apart). */
export function versionsChannel(schema: string | undefined): string {
  return `storeside_versions${schema ? `_${schema}` : ''}`;
}

/** Bumps topics in the caller's transaction and returns their new versions. */
export async function incrementVersions(
  db: DbOrTrx,
  topics: string[],
): Promise<Array<{ topic: string; version: number }>> {
  const rows = await incrementVersionsPart(db, topics).execute();
  return rows.map((row) => ({ topic: row.topic, version: Number(row.version) }));
}

/** The statement bumping `topics` and returning `topic, version`, alone or as a part of a larger one. */
export function incrementVersionsPart(db: DbOrTrx, topics: string[]) {
  return db
    .insertInto('data_versions')
    .values(topics.map((topic) => ({ topic, version: 1 })))
    .onConflict((oc) => oc.column('topic').doUpdateSet({ version: sql`data_versions.version + 1` }))
    .returning(['topic', 'version']);
}

/**
 * PostgreSQL: the CTE `bumped_topics (topic, version)` of a larger statement that bumps `topics` once all rows of
 * its earlier CTE `after` are written, and only when there are some.
 */
export function bumpCte(topics: string[], after: string): RawBuilder<unknown> {
  const names = sql.join(topics.map((topic) => sql`(${topic}::text)`));
  return sql`bumped_topics as (
    insert into data_versions (topic, version)
    select t.topic, 1 from (values ${names}) as t(topic) where (select count(*) from ${sql.table(after)}) > 0
    on conflict (topic) do update set version = data_versions.version + 1
    returning topic, version
  )`;
}

/** PostgreSQL: announces committed versions on `channel` (one notification, a JSON array of `{topic, version}`). */
export async function announceVersions(
  client: { query: (text: string, values: unknown[]) => Promise<unknown> },
  channel: string,
  versions: Array<{ topic: string; version: number }>,
): Promise<void> {
  await client.query('select pg_notify($1, $2)', [channel, JSON.stringify(versions)]);
}

/** Every topic's committed version. */
export async function readVersions(db: DbOrTrx): Promise<Array<{ topic: string; version: number }>> {
  const rows = await db.selectFrom('data_versions').select(['topic', 'version']).execute();
  return rows.map((row) => ({ topic: row.topic, version: Number(row.version) }));
}
