import { PostgresAdapter, sql } from 'kysely';
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

/**
 * Bumps topics in the caller's transaction and returns their new versions. On PostgreSQL the bump is also
 * announced with `pg_notify`, which PostgreSQL delivers when (and only if) the transaction commits.
 */
export async function incrementVersions(
  db: DbOrTrx,
  topics: string[],
  channel: string,
): Promise<Array<{ topic: string; version: number }>> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    // One round trip: the upsert and its announcement in a single statement.
    const values = sql.join(topics.map((topic) => sql`(${topic}, 1)`));
    const { rows } = await sql<{ topic: string; version: string }>`
      with bumped as (
        insert into data_versions (topic, version) values ${values}
        on conflict (topic) do update set version = data_versions.version + 1
        returning topic, version
      )
      select topic, version,
        pg_notify(${channel}, json_build_array(json_build_object('topic', topic, 'version', version))::text)
      from bumped`.execute(db);
    return rows.map((row) => ({ topic: row.topic, version: Number(row.version) }));
  }
  const rows = await db
    .insertInto('data_versions')
    .values(topics.map((topic) => ({ topic, version: 1 })))
    .onConflict((oc) => oc.column('topic').doUpdateSet({ version: sql`data_versions.version + 1` }))
    .returning(['topic', 'version'])
    .execute();
  return rows.map((row) => ({ topic: row.topic, version: Number(row.version) }));
}

/** Every topic's committed version. */
export async function readVersions(db: DbOrTrx): Promise<Array<{ topic: string; version: number }>> {
  const rows = await db.selectFrom('data_versions').select(['topic', 'version']).execute();
  return rows.map((row) => ({ topic: row.topic, version: Number(row.version) }));
}
