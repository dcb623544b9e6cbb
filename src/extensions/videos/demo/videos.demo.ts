import type { DemoSeeding } from '../../define-extension.js';
import type { VideosServices } from '../videos.services.js';
import { syncFromFakeChannel } from './videos-fakes.js';

const DEMO_VIDEOS = 60;
const DEMO_PRODUCTS = 12;

/** `storeside demo --with-fakes`: syncs the fake demo channel and gives the first products a gallery (idempotent). */
export async function seedVideosDemo(s: VideosServices, { print, withFakes }: DemoSeeding): Promise<void> {
  if (!withFakes) {
    print(
      'videos: skipped (run `storeside demo --with-fakes` to sync a demo channel from the fake YouTube).',
    );
    return;
  }
  const { ctx } = s;
  const result = await syncFromFakeChannel(s, { videoCount: DEMO_VIDEOS });
  const library = await s.library.list({ sort: 'date_desc' });
  const ids = library.videos.map((v) => v.id);
  const { items } = await ctx.shop.searchProducts({
    status: 'publish',
    orderBy: 'id',
    order: 'asc',
    offset: 0,
    limit: DEMO_PRODUCTS,
  });
  let assigned = 0;
  for (const [i, product] of items.entries()) {
    const picks = [
      ids[(i * 3) % ids.length],
      ids[(i * 3 + 1) % ids.length],
      ids[(i * 3 + 2) % ids.length],
    ].filter((id): id is string => id !== undefined);
    const outcome = await s.assignments.bulkAssign({
      product_ids: [product.id],
      video_ids: picks.slice(0, 1 + (i % 3)),
      action: 'assign',
    });
    assigned += outcome.updated.length;
  }
  print(
    `videos: synced ${result.video_count} videos from "${result.channel.title}" (fake YouTube); galleries on ${items.length} products (${assigned} changed).`,
  );
}
