import * as mediaMigration from '../migrations/2026-12-01T22-30-media.js';
import type { ShopContext, ShopPart } from '../shop-part.js';
import { registerMediaRoutes } from './media.routes.js';
import { registerMediaFilePages } from './media-files.pages.js';

/** The media library: `wp/v2/media` uploads resized into WordPress's and WooCommerce's sizes, and their files. */
export function mediaPart(ctx: ShopContext): ShopPart {
  return {
    name: 'media',
    migrations: { '2026-12-01T22-30-media': mediaMigration },
    // WordPress gives `upload_files` to administrators and WooCommerce's shop managers.
    capabilities: { upload_files: ['administrator', 'shop_manager'] },
    routes: (app) => registerMediaRoutes(app, ctx),
    pages: (app) => registerMediaFilePages(app, ctx),
  };
}
