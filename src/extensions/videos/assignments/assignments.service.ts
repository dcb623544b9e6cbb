import { invalid, NotFoundError } from '../../../platform/http/errors.js';
import type { ExtensionContext } from '../../define-extension.js';
import { assignmentsOfProducts, replaceProductVideos } from './assignments.repository.js';
import { libraryVideos } from '../library/library.repository.js';
import { videoView } from '../library/library-query.service.js';

/** Products per page of the mapping search. */
export const PRODUCTS_PAGE_SIZE = 20;

/** Why bulk-assign left a product alone. */
export type SkipReason = 'product_not_found' | 'already_assigned' | 'not_assigned';

/** Product ↔ video assignments: the mapping search, bulk assign/remove and gallery order. */
export class AssignmentsService {
  constructor(private readonly ctx: ExtensionContext) {}

  /** Published products by name or SKU (20 per page), each with its assigned videos in gallery order. */
  async searchProducts(input: { search?: string; page: number }) {
    const { items, total } = await this.ctx.shop.searchProducts({
      searchNameOrSku: input.search?.trim() || undefined,
      status: 'publish',
      orderBy: 'title',
      order: 'asc',
      offset: (input.page - 1) * PRODUCTS_PAGE_SIZE,
      limit: PRODUCTS_PAGE_SIZE,
    });
    const galleries = await this.galleries(items.map((p) => p.id));
    return {
      products: items.map((p) => {
        const videos = galleries.get(p.id) ?? [];
        return {
          id: p.id,
          name: p.name,
          sku: p.sku,
          thumbnail: p.images[0]?.src ?? '',
          assigned_videos: videos,
          video_count: videos.length,
        };
      }),
      total_items: total,
      total_pages: Math.ceil(total / PRODUCTS_PAGE_SIZE),
      current_page: input.page,
    };
  }

  /** Assigned videos of products, in gallery order, with library data (`in_library` false once gone upstream). */
  async galleries(productIds: number[]) {
    const rows = await assignmentsOfProducts(this.ctx.db, productIds);
    const library = new Map(
      (await libraryVideos(this.ctx.db, [...new Set(rows.map((r) => r.video_id))])).map((v) => [
        v.video_id,
        v,
      ]),
    );
    const out = new Map<
      number,
      Array<ReturnType<typeof videoView> & { position: number; in_library: boolean }>
    >();
    for (const row of rows) {
      const video = library.get(row.video_id);
      const view = video
        ? videoView(video)
        : {
            id: row.video_id,
            title: '',
            description: '',
            thumbnail_url: `https://i.ytimg.com/vi/${row.video_id}/hqdefault.jpg`,
            published_at: '',
            duration: '',
            duration_seconds: 0,
            view_count: 0,
          };
      const list = out.get(row.product_id) ?? [];
      list.push({ ...view, position: list.length, in_library: video !== undefined });
      out.set(row.product_id, list);
    }
    return out;
  }

  /** Appends missing videos (in the given order) to, or removes them from, each product; reports what changed. */
  async bulkAssign(input: { product_ids: number[]; video_ids: string[]; action: 'assign' | 'remove' }) {
    const videoIds = [...new Set(input.video_ids)];
    if (input.action === 'assign') {
      const known = new Set((await libraryVideos(this.ctx.db, videoIds)).map((v) => v.video_id));
      const missing = videoIds.filter((id) => !known.has(id));
      if (missing.length > 0)
        throw invalid(
          'video_ids',
          'exists',
          `These videos are not in the synced library: ${missing.join(', ')}.`,
        );
    }
    const productIds = [...new Set(input.product_ids)];
    const existing = new Set((await this.ctx.shop.getProducts(productIds)).map((p) => p.id));
    const current = new Map<number, string[]>();
    for (const row of await assignmentsOfProducts(this.ctx.db, productIds)) {
      const list = current.get(row.product_id) ?? [];
      list.push(row.video_id);
      current.set(row.product_id, list);
    }
    const updated: Array<{ product_id: number; video_ids: string[] }> = [];
    const skipped: Array<{ product_id: number; reason: SkipReason }> = [];
    for (const productId of productIds) {
      if (!existing.has(productId)) {
        skipped.push({ product_id: productId, reason: 'product_not_found' });
        continue;
      }
      const before = current.get(productId) ?? [];
      const after =
        input.action === 'assign'
          ? [...before, ...videoIds.filter((id) => !before.includes(id))]
          : before.filter((id) => !videoIds.includes(id));
      if (after.length === before.length) {
        skipped.push({
          product_id: productId,
          reason: input.action === 'assign' ? 'already_assigned' : 'not_assigned',
        });
        continue;
      }
      updated.push({ product_id: productId, video_ids: after });
    }
    if (updated.length > 0) {
      await this.ctx.db.transaction().execute(async (trx) => {
        const changed = updated.map((u) => u.product_id);
        await replaceProductVideos(trx, updated);
        await this.ctx.events.emit(
          'videos.assignments_changed',
          { product_ids: changed, action: input.action },
          trx,
        );
      });
    }
    return {
      success: true,
      action: input.action,
      updated,
      skipped,
      message: `Updated ${updated.length} product(s); skipped ${skipped.length}.`,
    };
  }

  /** Stores a new gallery order; it must be a permutation of the product's assigned videos. */
  async setOrder(input: { product_id: number; video_order: string[] }) {
    const [product] = await this.ctx.shop.getProducts([input.product_id]);
    if (!product) throw new NotFoundError('videos_product_not_found', 'No product with this id.');
    const current = (await assignmentsOfProducts(this.ctx.db, [input.product_id])).map((r) => r.video_id);
    const order = input.video_order;
    const permutation =
      order.length === current.length &&
      new Set(order).size === order.length &&
      order.every((id) => current.includes(id));
    if (!permutation)
      throw invalid(
        'video_order',
        'permutation',
        `video_order must list each of the product's ${current.length} assigned video(s) exactly once.`,
      );
    await this.ctx.db.transaction().execute(async (trx) => {
      await replaceProductVideos(trx, [{ product_id: input.product_id, video_ids: order }]);
      await this.ctx.events.emit(
        'videos.assignments_changed',
        { product_ids: [input.product_id], action: 'order' },
        trx,
      );
    });
    return { success: true, message: 'Video order saved.', product_id: input.product_id, video_order: order };
  }
}
