import { bumpTopics } from '../../../platform/cache/data-versions.js';
import type { DbOrTrx } from '../../../platform/db/database.js';
import { VIDEOS_TOPICS } from '../videos.topics.js';

/** One video assigned to a product at a gallery position. */
export interface AssignmentRow {
  product_id: number;
  video_id: string;
  position: number;
}

declare module '../../../platform/db/database.js' {
  interface Tables {
    videos_product_videos: AssignmentRow;
  }
}

/** Assignments of the given products, in gallery order per product. */
export async function assignmentsOfProducts(db: DbOrTrx, productIds: number[]): Promise<AssignmentRow[]> {
  if (productIds.length === 0) return [];
  return db
    .selectFrom('videos_product_videos')
    .selectAll()
    .where('product_id', 'in', productIds)
    .orderBy('product_id')
    .orderBy('position')
    .execute();
}

/** Assignments of the given videos. */
export async function assignmentsOfVideos(db: DbOrTrx, videoIds: string[]): Promise<AssignmentRow[]> {
  if (videoIds.length === 0) return [];
  return db
    .selectFrom('videos_product_videos')
    .selectAll()
    .where('video_id', 'in', videoIds)
    .orderBy('product_id')
    .execute();
}

/** Stores the ordered video lists of products (each replacing the product's previous list), in two queries. */
export async function replaceProductVideos(
  db: DbOrTrx,
  lists: Array<{ product_id: number; video_ids: string[] }>,
): Promise<void> {
  if (lists.length === 0) return;
  await db
    .deleteFrom('videos_product_videos')
    .where(
      'product_id',
      'in',
      lists.map((l) => l.product_id),
    )
    .execute();
  const rows = lists.flatMap((l) =>
    l.video_ids.map((video_id, position) => ({ product_id: l.product_id, video_id, position })),
  );
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('videos_product_videos')
      .values(rows.slice(i, i + 500))
      .execute();
  await bumpTopics(db, VIDEOS_TOPICS.library);
}

/** Deletes every assignment. */
export async function deleteAllAssignments(db: DbOrTrx): Promise<void> {
  await db.deleteFrom('videos_product_videos').execute();
  await bumpTopics(db, VIDEOS_TOPICS.library);
}
