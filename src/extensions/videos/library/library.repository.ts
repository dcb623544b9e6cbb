import { sql } from 'kysely';
import { bumpTopics } from '../../../platform/cache/data-versions.js';
import type { DbOrTrx } from '../../../platform/db/database.js';
import { VIDEOS_TOPICS } from '../videos.topics.js';

/** A synced video as stored. */
export interface LibraryRow {
  video_id: string;
  title: string;
  /** Lower-cased title (search and title sorts). */
  title_sort: string;
  description: string;
  thumbnail_url: string;
  published_at: string;
  duration: string;
  duration_seconds: number;
  view_count: number;
  /** Position in the uploads playlist (0 = newest). */
  position: number;
  synced_at: string;
}

/** The single row describing the library sync (id 1). */
export interface SyncStateRow {
  id: number;
  status: 'idle' | 'running' | 'failed';
  started_at: string | null;
  finished_at: string | null;
  last_success_at: string | null;
  last_error_code: string | null;
  last_error: string | null;
  video_count: number;
  units_last_run: number;
  progress_done: number;
  progress_total: number;
}

declare module '../../../platform/db/database.js' {
  interface Tables {
    videos_library: LibraryRow;
    videos_sync_state: SyncStateRow;
    videos_quota_usage: { day: string; units: number };
  }
}

/** Sort orders of the library listing. */
export const LIBRARY_SORTS = ['date_desc', 'date_asc', 'title_asc', 'title_desc', 'view_count'] as const;
/** One of the library sort orders. */
export type LibrarySort = (typeof LIBRARY_SORTS)[number];

/** Replaces the whole library with `rows` (call inside a transaction; chunked inserts). */
export async function replaceLibrary(db: DbOrTrx, rows: LibraryRow[]): Promise<void> {
  await db.deleteFrom('videos_library').execute();
  for (let i = 0; i < rows.length; i += 400)
    await db
      .insertInto('videos_library')
      .values(rows.slice(i, i + 400))
      .execute();
  await bumpTopics(db, VIDEOS_TOPICS.library);
}

/** Empties the library. */
export async function deleteLibrary(db: DbOrTrx): Promise<void> {
  await db.deleteFrom('videos_library').execute();
  await bumpTopics(db, VIDEOS_TOPICS.library);
}

/** Every library row. */
export async function allLibraryRows(db: DbOrTrx): Promise<LibraryRow[]> {
  return db.selectFrom('videos_library').selectAll().execute();
}

/** The id of every video in the library. */
export async function libraryVideoIds(db: DbOrTrx): Promise<string[]> {
  return (await db.selectFrom('videos_library').select('video_id').execute()).map((r) => r.video_id);
}

/** How many videos the library holds. */
export async function countLibrary(db: DbOrTrx): Promise<number> {
  const row = await db
    .selectFrom('videos_library')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Library rows of the given ids (any order). */
export async function libraryVideos(db: DbOrTrx, ids: string[]): Promise<LibraryRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('videos_library').selectAll().where('video_id', 'in', ids).execute();
}

/** The sync state row. */
export async function readSyncState(db: DbOrTrx): Promise<SyncStateRow> {
  return db.selectFrom('videos_sync_state').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
}

/** Marks a sync running unless one already is (a running one older than `staleBefore` counts as crashed). */
export async function claimSync(db: DbOrTrx, input: { now: string; staleBefore: string }): Promise<boolean> {
  const result = await db
    .updateTable('videos_sync_state')
    .set({ status: 'running', started_at: input.now, progress_done: 0, progress_total: 0 })
    .where('id', '=', 1)
    .where((eb) => eb.or([eb('status', '!=', 'running'), eb('started_at', '<', input.staleBefore)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Records how far a running sync got. */
export async function recordSyncProgress(db: DbOrTrx, done: number, total: number): Promise<void> {
  await db
    .updateTable('videos_sync_state')
    .set({ progress_done: done, progress_total: total })
    .where('id', '=', 1)
    .execute();
}

/** Ends the running sync: idle with counts after success, failed with the error otherwise. */
export async function finishSync(
  db: DbOrTrx,
  input:
    | { ok: true; now: string; videoCount: number; units: number }
    | { ok: false; now: string; code: string; message: string; units: number },
): Promise<void> {
  await db
    .updateTable('videos_sync_state')
    .set(
      input.ok
        ? {
            status: 'idle',
            finished_at: input.now,
            last_success_at: input.now,
            last_error_code: null,
            last_error: null,
            video_count: input.videoCount,
            units_last_run: input.units,
          }
        : {
            status: 'failed',
            finished_at: input.now,
            last_error_code: input.code,
            last_error: input.message,
            units_last_run: input.units,
          },
    )
    .where('id', '=', 1)
    .execute();
}

/** Back to a never-synced state (delete-all-data). */
export async function resetSyncState(db: DbOrTrx): Promise<void> {
  await db
    .updateTable('videos_sync_state')
    .set({
      status: 'idle',
      started_at: null,
      finished_at: null,
      last_success_at: null,
      last_error_code: null,
      last_error: null,
      video_count: 0,
      units_last_run: 0,
      progress_done: 0,
      progress_total: 0,
    })
    .where('id', '=', 1)
    .execute();
}

/** Adds quota units to a day's total. */
export async function addQuotaUnits(db: DbOrTrx, day: string, units: number): Promise<void> {
  if (units <= 0) return;
  await db
    .insertInto('videos_quota_usage')
    .values({ day, units })
    .onConflict((oc) => oc.column('day').doUpdateSet({ units: sql`videos_quota_usage.units + ${units}` }))
    .execute();
}

/** Units used on a day. */
export async function quotaUnits(db: DbOrTrx, day: string): Promise<number> {
  const row = await db
    .selectFrom('videos_quota_usage')
    .select('units')
    .where('day', '=', day)
    .executeTakeFirst();
  return Number(row?.units ?? 0);
}

/** Forgets every recorded quota day. */
export async function deleteQuotaUsage(db: DbOrTrx): Promise<void> {
  await db.deleteFrom('videos_quota_usage').execute();
}
