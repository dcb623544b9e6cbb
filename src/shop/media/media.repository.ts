import type { Generated, Insertable, Selectable } from 'kysely';
import type { DbOrTrx } from '../../platform/db/database.js';
import { containsInsensitive } from '../../platform/db/sql-helpers.js';

/** Row of `shop_media`: one attachment; `sizes` is JSON `{name: {file, width, height, filesize}}`. */
export interface MediaTable {
  id: Generated<number>;
  slug: string;
  title: string;
  alt_text: string;
  caption: string;
  mime_type: string;
  /** The original's path under `/wp-content/uploads/` (`2026/12/photo-1a2b3c4d.jpg`). */
  file: string;
  width: number;
  height: number;
  filesize: number;
  sizes: string;
  author: number;
  date_created: string;
  date_modified: string;
}

/** Row of `shop_media_files`: the bytes of one stored file, by its path under `/wp-content/uploads/`. */
export interface MediaFileTable {
  path: string;
  media_id: number;
  mime_type: string;
  etag: string;
  bytes: Buffer;
}

declare module '../../platform/db/database.js' {
  interface Tables {
    shop_media: MediaTable;
    shop_media_files: MediaFileTable;
  }
}

/** A stored attachment row. */
export type MediaRow = Selectable<MediaTable>;
/** A stored file row. */
export type MediaFileRow = Selectable<MediaFileTable>;

/** Filters of the media list (WordPress's `media_type`, `mime_type`, `search`). */
export interface MediaFilter {
  mediaType?: string;
  mimeType?: string;
  search?: string;
}

/** Inserts an attachment row; its new id. */
export async function insertMedia(db: DbOrTrx, row: Insertable<MediaTable>): Promise<number> {
  const { id } = await db.insertInto('shop_media').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(id);
}

/** Stores files' bytes. */
export async function insertMediaFiles(db: DbOrTrx, files: MediaFileRow[]): Promise<void> {
  if (files.length > 0) await db.insertInto('shop_media_files').values(files).execute();
}

/** One attachment; undefined when there is none. */
export function findMedia(db: DbOrTrx, id: number): Promise<MediaRow | undefined> {
  return db.selectFrom('shop_media').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Several attachments by id (in no particular order). */
export function findMediaByIds(db: DbOrTrx, ids: readonly number[]): Promise<MediaRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('shop_media')
    .selectAll()
    .where('id', 'in', [...ids])
    .execute();
}

/** A page of attachments, newest first, and how many match. */
export async function listMedia(
  db: DbOrTrx,
  filter: MediaFilter,
  window: { offset: number; limit: number },
): Promise<{ rows: MediaRow[]; total: number }> {
  let query = db.selectFrom('shop_media');
  if (filter.mediaType)
    query = query.where('mime_type', 'like', `${filter.mediaType.replace(/[%_\\]/g, '')}/%`);
  if (filter.mimeType) query = query.where('mime_type', '=', filter.mimeType);
  if (filter.search) {
    const term = filter.search;
    query = query.where((eb) => containsInsensitive(eb.ref('title'), term));
  }
  const [rows, count] = await Promise.all([
    query
      .selectAll()
      .orderBy('date_created', 'desc')
      .orderBy('id', 'desc')
      .offset(window.offset)
      .limit(window.limit)
      .execute(),
    query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** True when an attachment already has this slug. */
export async function slugTaken(db: DbOrTrx, slug: string): Promise<boolean> {
  return (
    (await db.selectFrom('shop_media').select('id').where('slug', '=', slug).executeTakeFirst()) !== undefined
  );
}

/** True when a stored file already has this path. */
export async function pathTaken(db: DbOrTrx, path: string): Promise<boolean> {
  return (
    (await db.selectFrom('shop_media_files').select('path').where('path', '=', path).executeTakeFirst()) !==
    undefined
  );
}

/** Changes an attachment's text fields. */
export async function updateMedia(
  db: DbOrTrx,
  id: number,
  patch: Partial<Pick<MediaRow, 'title' | 'alt_text' | 'caption' | 'date_modified'>>,
): Promise<void> {
  await db.updateTable('shop_media').set(patch).where('id', '=', id).execute();
}

/** Deletes an attachment and every file it stored. */
export async function deleteMedia(db: DbOrTrx, id: number): Promise<void> {
  await db.deleteFrom('shop_media_files').where('media_id', '=', id).execute();
  await db.deleteFrom('shop_media').where('id', '=', id).execute();
}

/** One stored file by path; undefined when there is none. */
export function findMediaFile(db: DbOrTrx, path: string): Promise<MediaFileRow | undefined> {
  return db.selectFrom('shop_media_files').selectAll().where('path', '=', path).executeTakeFirst();
}
