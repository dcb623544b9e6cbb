import { registerApiKeyRoutes } from './auth/api-keys.routes.js';
import { registerApplicationPasswordRoutes } from './auth/application-passwords.routes.js';
import { registerAuthRoutes, registerNonceRefresh } from './auth/auth.routes.js';
import { registerWcAuthPages } from './auth/wc-auth.pages.js';
import { registerUserSessionRoutes } from './auth/user-sessions.routes.js';
import { registerUserRoutes } from './auth/users.routes.js';
import type { PlatformContext } from './context.js';
import './events/platform-events.js';
import * as core from './migrations/2026-11-22T06-00-core.js';
import * as jobsMail from './migrations/2026-11-22T06-10-jobs-mail.js';
import * as jobsGroupIndex from './migrations/2026-11-25T08-00-jobs-group-index.js';
import * as dataVersions from './migrations/2026-11-25T15-00-data-versions.js';
import * as apiKeys from './migrations/2026-11-25T18-00-api-keys.js';
import * as dataVersionBumps from './migrations/2026-11-28T16-00-data-version-bumps.js';
import * as dataVersionInstances from './migrations/2026-11-28T17-00-data-version-instances.js';
import * as passwordResetKeys from './migrations/2026-12-01T22-00-password-reset-keys.js';
import * as erasureRequests from './migrations/2026-12-01T23-00-erasure-requests.js';
import { ERASE_CAPABILITY, registerPrivacyRoutes } from './privacy/privacy.routes.js';
import type { AppModule } from './module.js';
import { registerPlatformRoutes } from './platform.routes.js';
import { platformCliCommands } from './cli/platform-commands.js';
import { registerSiteIconPage, registerSiteSettingsRoutes } from './site-settings/site-settings.routes.js';

/** The platform's own module: its tables, auth and user routes, jobs/outbox routes and CLI. */
export const platformModule: AppModule<PlatformContext> = {
  name: 'platform',
  migrations: {
    '2026-11-22T06-00-core': core,
    '2026-11-22T06-10-jobs-mail': jobsMail,
    '2026-11-25T08-00-jobs-group-index': jobsGroupIndex,
    '2026-11-25T15-00-data-versions': dataVersions,
    '2026-11-25T18-00-api-keys': apiKeys,
    '2026-11-28T16-00-data-version-bumps': dataVersionBumps,
    '2026-11-28T17-00-data-version-instances': dataVersionInstances,
    '2026-12-01T22-00-password-reset-keys': passwordResetKeys,
    '2026-12-01T23-00-erasure-requests': erasureRequests,
  },
  admin: { capability: 'list_users' },
  capabilities: { [ERASE_CAPABILITY]: ['administrator'] },
  namespaces: [{ namespace: 'auth/v1' }, { namespace: 'wp/v2' }, { namespace: 'platform/v1' }],
  routes(app, ctx) {
    registerAuthRoutes(app, ctx);
    registerUserRoutes(app, ctx);
    registerUserSessionRoutes(app, ctx);
    registerApplicationPasswordRoutes(app, ctx);
    registerApiKeyRoutes(app, ctx);
    registerPlatformRoutes(app, ctx);
    registerSiteSettingsRoutes(app, ctx);
    registerPrivacyRoutes(app, ctx);
  },
  pages(app, ctx) {
    registerNonceRefresh(app, ctx);
    registerWcAuthPages(app, ctx);
    registerSiteIconPage(app, ctx);
  },
  jobs(ctx) {
    return {
      'platform.purge_expired_transients': async () => {
        await ctx.transients.purgeExpired();
      },
    };
  },
  async setup(ctx) {
    await ctx.jobs.scheduleRecurring({ hook: 'platform.purge_expired_transients', dailyAt: '03:10' });
  },
  cli: platformCliCommands,
};
