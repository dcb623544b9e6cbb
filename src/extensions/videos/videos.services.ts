import type { ExtensionContext } from '../define-extension.js';
import { AssignmentsService } from './assignments/assignments.service.js';
import { ConnectionService } from './connection/connection.service.js';
import { LibraryQueryService } from './library/library-query.service.js';
import { LibrarySyncService } from './library/library-sync.service.js';
import { VideosLicenseService } from './license/license.service.js';
import { SettingsAdminService } from './settings/settings.service.js';
import { VIDEOS_SETTINGS } from './settings/settings.js';
import type { SettingsStore } from './settings/settings.store.js';
import { StorefrontService } from './storefront/storefront.service.js';
import { VideosLog } from './common/videos-log.js';

/** Every service of the videos extension, wired once per app, with the app context they were built from. */
export interface VideosServices {
  ctx: ExtensionContext;
  settings: SettingsStore;
  admin: SettingsAdminService;
  connection: ConnectionService;
  sync: LibrarySyncService;
  library: LibraryQueryService;
  assignments: AssignmentsService;
  storefront: StorefrontService;
  license: VideosLicenseService;
  log: VideosLog;
}

/** The videos services of one app (the platform builds them once; routes, jobs, CLI and subscribers share them). */
export function videosServices(ctx: ExtensionContext): VideosServices {
  const settings = ctx.settings.of(VIDEOS_SETTINGS).storage;
  const log = new VideosLog(
    ctx.config.dataDir,
    ctx.clock,
    async () => (await settings.load()).settings.debug_enableMode,
  );
  const connection = new ConnectionService(ctx, settings, log);
  const assignments = new AssignmentsService(ctx);
  return {
    ctx,
    settings,
    log,
    connection,
    assignments,
    admin: new SettingsAdminService(ctx, settings, connection, log),
    sync: new LibrarySyncService(ctx, settings, connection, log),
    library: new LibraryQueryService(ctx),
    storefront: new StorefrontService(settings, assignments),
    license: new VideosLicenseService(ctx, settings, log),
  };
}
