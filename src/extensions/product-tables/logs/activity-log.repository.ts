import type { Generated } from 'kysely';
import type { DbOrTrx } from '../../../platform/db/database.js';
import { containsInsensitive } from '../../../platform/db/sql-helpers.js';

declare module '../../../platform/db/database.js' {
  interface Tables {
    ptables_logs: ActivityLogRow;
  }
}

/** One stored activity-log entry. */
export interface ActivityLogRow {
  id: Generated<number>;
  created_at: string;
  level: string;
  title: string;
  details: string;
  user_login: string;
  ip: string;
  method: string;
  url: string;
  user_agent: string;
}

/** A row as read back. */
export type ActivityLogRecord = Omit<ActivityLogRow, 'id'> & { id: number };

/** Which entries to read. */
export interface LogFilter {
  level?: string;
  user?: string;
  search?: string;
  /** Inclusive UTC bounds (`YYYY-MM-DD HH:MM:SS`). */
  from?: string;
  to?: string;
}

/** Stores one entry. */
export async function insertLogEntry(db: DbOrTrx, row: Omit<ActivityLogRow, 'id'>): Promise<void> {
  await db.insertInto('ptables_logs').values(row).execute();
}

/** A page of entries matching the filter, newest first, and how many match. */
export async function findLogEntries(
  db: DbOrTrx,
  filter: LogFilter,
  window: { offset: number; limit: number },
): Promise<{ rows: ActivityLogRecord[]; total: number }> {
  const query = filtered(db, filter);
  const [rows, count] = await Promise.all([
    query
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .offset(window.offset)
      .limit(window.limit)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** Every entry, oldest first, in batches after `afterId` (for streaming exports). */
export async function logEntriesAfter(
  db: DbOrTrx,
  afterId: number,
  limit: number,
): Promise<ActivityLogRecord[]> {
  return db
    .selectFrom('ptables_logs')
    .selectAll()
    .where('id', '>', afterId)
    .orderBy('id', 'asc')
    .limit(limit)
    .execute();
}

/** Deletes every entry; returns how many. */
export async function deleteAllLogEntries(db: DbOrTrx): Promise<number> {
  const result = await db.deleteFrom('ptables_logs').executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Deletes entries older than `before`; returns how many. */
export async function deleteLogEntriesBefore(db: DbOrTrx, before: string): Promise<number> {
  const result = await db.deleteFrom('ptables_logs').where('created_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

function filtered(db: DbOrTrx, filter: LogFilter) {
  let query = db.selectFrom('ptables_logs');
  if (filter.level) query = query.where('level', '=', filter.level);
  if (filter.user) query = query.where('user_login', '=', filter.user);
  if (filter.from) query = query.where('created_at', '>=', filter.from);
  if (filter.to) query = query.where('created_at', '<=', filter.to);
  if (filter.search) {
    const term = filter.search;
    query = query.where((eb) =>
      eb.or([containsInsensitive(eb.ref('title'), term), containsInsensitive(eb.ref('details'), term)]),
    );
  }
  return query;
}
