import type { DbOrTrx } from '../../../platform/db/database.js';
import { toDbTime } from '../../../platform/db/sql-helpers.js';
import type { ExtensionContext } from '../../define-extension.js';
import { readSettings } from '../settings/settings.js';
import type { ActivityActor } from './activity-actor.js';
import {
  type ActivityLogRecord,
  deleteAllLogEntries,
  deleteLogEntriesBefore,
  findLogEntries,
  insertLogEntry,
  type LogFilter,
} from './activity-log.repository.js';

/** Log levels (reference §2). */
export const LOG_LEVELS = ['info', 'success', 'warning', 'error'] as const;
/** A log level. */
export type LogLevel = (typeof LOG_LEVELS)[number];

/** A log entry as the API shows it. */
export interface ActivityLogEntry {
  id: number;
  time: string;
  level: string;
  title: string;
  details: string;
  user: string;
  context: { ip: string; method: string; url: string; user_agent: string };
}

/** Records an entry unless logging is switched off; pass `db` to write inside a transaction. */
export async function logActivity(
  ctx: ExtensionContext,
  entry: { level: LogLevel; title: string; details?: string },
  actor: ActivityActor,
  db: DbOrTrx = ctx.db,
): Promise<void> {
  const settings = await readSettings(ctx, db);
  if (!settings.logging_enabled) return;
  await insertLogEntry(db, {
    created_at: toDbTime(ctx.clock.now()),
    level: entry.level,
    title: entry.title.slice(0, 255),
    details: entry.details ?? '',
    user_login: actor.user.slice(0, 60),
    ip: actor.ip.slice(0, 45),
    method: actor.method.slice(0, 10),
    url: actor.url.slice(0, 2000),
    user_agent: actor.userAgent.slice(0, 1000),
  });
}

/** A page of entries, newest first; `date` (`YYYY-MM-DD`, UTC) keeps one day. */
export async function listActivity(
  ctx: ExtensionContext,
  query: { level?: string; user?: string; search?: string; date?: string; page: number; limit: number },
): Promise<{ entries: ActivityLogEntry[]; total: number }> {
  const filter: LogFilter = { level: query.level, user: query.user, search: query.search };
  if (query.date) {
    filter.from = `${query.date} 00:00:00`;
    filter.to = `${query.date} 23:59:59`;
  }
  const { rows, total } = await findLogEntries(ctx.db, filter, {
    offset: (query.page - 1) * query.limit,
    limit: query.limit,
  });
  return { entries: rows.map(toEntry), total };
}

/** Deletes every entry, then records that it happened; returns how many were deleted. */
export async function clearActivity(ctx: ExtensionContext, actor: ActivityActor): Promise<number> {
  const deleted = await deleteAllLogEntries(ctx.db);
  await logActivity(
    ctx,
    { level: 'info', title: 'Logs cleared', details: `${deleted} entries deleted` },
    actor,
  );
  return deleted;
}

/** Deletes entries older than the `log_retention` setting (the daily job); returns how many. */
export async function pruneActivity(ctx: ExtensionContext, actor: ActivityActor): Promise<number> {
  const settings = await readSettings(ctx);
  const cutoff = new Date(ctx.clock.now().getTime() - settings.log_retention * 86_400_000);
  const deleted = await deleteLogEntriesBefore(ctx.db, toDbTime(cutoff));
  if (deleted > 0)
    await logActivity(
      ctx,
      {
        level: 'info',
        title: 'Logs pruned',
        details: `${deleted} entries older than ${settings.log_retention} days deleted`,
      },
      actor,
    );
  return deleted;
}

/** The API shape of a stored row. */
export function toEntry(row: ActivityLogRecord): ActivityLogEntry {
  return {
    id: row.id,
    time: row.created_at.replace(' ', 'T'),
    level: row.level,
    title: row.title,
    details: row.details,
    user: row.user_login,
    context: { ip: row.ip, method: row.method, url: row.url, user_agent: row.user_agent },
  };
}
