import { defineExtension } from '../define-extension.js';
import * as initial from './migrations/2026-11-22T07-00-videos.js';
import * as versions from './migrations/2026-11-22T08-00-videos-versions.js';
import * as dropVersions from './migrations/2026-11-25T16-00-videos-drop-versions.js';
import { registerLicenseRoutes } from './license/license.routes.js';
import { videosCli } from './videos.cli.js';
import { registerVideosDemo } from './demo/videos.demo.js';
import { registerSettingsRoutes } from './settings/settings.routes.js';
import { registerVideoGallery } from './storefront/video-gallery.storefront.js';
import { scheduleVideosJobs, videosJobs } from './videos.jobs.js';
import { registerVideosRoutes } from './videos.routes.js';
import { videosServices } from './videos.services.js';

/** Product videos: channel connection, library sync, product galleries, settings and the add-on license. */
export const videosExtension = defineExtension({
  name: 'videos',
  migrations: {
    '2026-11-22T07-00-videos': initial,
    '2026-11-22T08-00-videos-versions': versions,
    '2026-11-25T16-00-videos-drop-versions': dropVersions,
  },
  namespaces: [{ namespace: 'videos/v1' }, { namespace: 'videos-pro/v1' }],
  adminCapability: 'manage_videos',
  capabilities: { manage_videos: ['administrator'] },
  routes(app, ctx) {
    registerVideosRoutes(app, ctx);
    registerSettingsRoutes(app, ctx);
    registerLicenseRoutes(app, ctx);
  },
  pages(_app, ctx) {
    registerVideoGallery(ctx);
  },
  subscribers(ctx) {
    const s = videosServices(ctx);
    ctx.shop.registerProductExtension('videos', (products) => s.storefront.productExtensions(products));
    registerVideosDemo(ctx);
  },
  jobs: videosJobs,
  setup: scheduleVideosJobs,
  cli: videosCli,
});
