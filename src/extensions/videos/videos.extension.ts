import { defineExtension } from '../define-extension.js';
import { registerAssignmentRoutes } from './assignments/assignments.routes.js';
import { videosCli } from './cli/videos.cli.js';
import { ADMIN_CAPABILITY } from './common/admin-policy.js';
import { registerConnectionRoutes } from './connection/connection.routes.js';
import { seedVideosDemo } from './demo/videos.demo.js';
import { registerLibraryRoutes } from './library/library.routes.js';
import { registerLicenseRoutes } from './license/license.routes.js';
import { registerLogRoutes } from './logs/logs.routes.js';
import * as initial from './migrations/2026-11-22T07-00-videos.js';
import * as versions from './migrations/2026-11-22T08-00-videos-versions.js';
import * as dropVersions from './migrations/2026-11-25T16-00-videos-drop-versions.js';
import { VIDEOS_SETTINGS } from './settings/settings.js';
import { registerVideoGallery } from './storefront/video-gallery.storefront.js';
import { scheduleVideosJobs, videosJobs } from './videos.jobs.js';
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
  admin: { capability: ADMIN_CAPABILITY },
  capabilities: { [ADMIN_CAPABILITY]: ['administrator'] },
  services: videosServices,
  settings: [VIDEOS_SETTINGS],
  routes(app, s) {
    registerConnectionRoutes(app, s);
    registerLibraryRoutes(app, s);
    registerAssignmentRoutes(app, s);
    registerLogRoutes(app, s);
    registerLicenseRoutes(app, s);
  },
  storefront(_app, s) {
    s.ctx.shop.registerProductExtension('videos', (products) => s.storefront.productExtensions(products));
    registerVideoGallery(s);
  },
  jobs: videosJobs,
  setup: scheduleVideosJobs,
  demo: seedVideosDemo,
  cli: videosCli,
});
