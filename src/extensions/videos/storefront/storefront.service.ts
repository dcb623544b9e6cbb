import type { ShopProduct } from '../../../shop/shop-api.js';
import type { AssignmentsService } from '../assignments/assignments.service.js';
import type { SettingsStore } from '../settings/settings.store.js';

/** One video of a product's storefront gallery. */
export interface GalleryVideo {
  id: string;
  title: string;
  description: string;
  thumbnail_url: string;
  /** The player URL (youtube-nocookie.com in privacy mode), with `controls=0` when controls are off. */
  embed_url: string;
  watch_url: string;
  duration: string;
  duration_seconds: number;
  upload_date: string;
  position: number;
}

/** A product's gallery as the settings shape it, with its schema.org VideoObject JSON-LD. */
export interface ProductGallery {
  position: 'first' | 'last';
  privacy_mode: boolean;
  show_controls: boolean;
  show_duration: boolean;
  autoplay_first: boolean;
  videos: GalleryVideo[];
  json_ld: Array<Record<string, unknown>>;
}

/**
 * Product galleries for the storefront (the product page) and Store API product responses (`extensions.videos`):
 * ordered videos with embed URLs honouring `privacy_mode` and `show_controls`, the `max_videos` cut, the position,
 * and schema.org VideoObject JSON-LD.
 */
export class StorefrontService {
  constructor(
    private readonly settings: SettingsStore,
    private readonly assignments: AssignmentsService,
  ) {}

  /** The gallery of each product (an empty one when it has no videos). */
  async galleries(products: ShopProduct[]): Promise<Map<number, ProductGallery>> {
    const out = new Map<number, ProductGallery>();
    if (products.length === 0) return out;
    const [{ settings }, galleries] = await Promise.all([
      this.settings.load(),
      this.assignments.galleries(products.map((p) => p.id)),
    ]);
    const host = settings.privacy_mode ? 'https://www.youtube-nocookie.com' : 'https://www.youtube.com';
    for (const product of products) {
      let videos = (galleries.get(product.id) ?? []).filter((v) => v.in_library);
      if (settings.max_videos > 0) videos = videos.slice(0, settings.max_videos);
      const items = videos.map((v, position) => ({
        id: v.id,
        title: v.title,
        description: v.description,
        thumbnail_url: v.thumbnail_url,
        embed_url: `${host}/embed/${v.id}?rel=0${settings.show_controls ? '' : '&controls=0'}`,
        watch_url: `https://www.youtube.com/watch?v=${v.id}`,
        duration: v.duration,
        duration_seconds: v.duration_seconds,
        upload_date: v.published_at,
        position,
      }));
      out.set(product.id, {
        position: settings.video_position,
        privacy_mode: settings.privacy_mode,
        show_controls: settings.show_controls,
        show_duration: settings.show_duration,
        autoplay_first: settings.autoplay_first,
        videos: items,
        json_ld: items.map((v) => ({
          '@context': 'https://schema.org',
          '@type': 'VideoObject',
          name: v.title,
          description: v.description || v.title,
          thumbnailUrl: [v.thumbnail_url],
          uploadDate: v.upload_date,
          duration: v.duration,
          embedUrl: v.embed_url,
          contentUrl: v.watch_url,
        })),
      });
    }
    return out;
  }

  /** `extensions.videos` of each product (an empty gallery when it has no videos). */
  async productExtensions(products: ShopProduct[]): Promise<Record<number, unknown>> {
    return Object.fromEntries(await this.galleries(products));
  }
}
