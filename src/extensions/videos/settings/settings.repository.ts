import { type SqlBool, sql } from 'kysely';
import type { DbOrTrx } from '../../../platform/db/database.js';

// Names starting with `videos_` (the underscore escaped), portable across SQLite and PostgreSQL.
const VIDEOS_OPTION = sql<SqlBool>`name like ${'videos\\_%'} escape '\\'`;

/** Every `videos_*` option as name → parsed JSON value, in one query. */
export async function readVideosOptions(db: DbOrTrx): Promise<Map<string, unknown>> {
  const rows = await db.selectFrom('options').select(['name', 'value']).where(VIDEOS_OPTION).execute();
  return new Map(rows.map((r) => [r.name, JSON.parse(r.value) as unknown]));
}

/** Deletes every `videos_*` transient (OAuth states, caches); returns how many. */
export async function deleteVideosTransients(db: DbOrTrx): Promise<number> {
  const result = await db.deleteFrom('transients').where(VIDEOS_OPTION).executeTakeFirst();
  return Number(result.numDeletedRows);
}
