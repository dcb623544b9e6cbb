import { defineExtension } from '../define-extension.js';
import { registerAgentRoutes } from './agent/agent.routes.js';
import { AGENT_CAPABILITY_ROLES } from './agent/agent-permissions.js';
import { agentBearerAuthenticator } from './agent/agent-tokens.service.js';
import { registerAnalyticsRoutes } from './analytics/analytics.routes.js';
import { registerCaptureRoutes } from './capture/capture.routes.js';
import { cartRecoveryServices } from './cart-recovery.services.js';
import { cartRecoveryCli } from './cli/cart-recovery.cli.js';
import { ADMIN_CAPABILITY } from './common/admin-policy.js';
import { HOOKS } from './common/job-hooks.js';
import { LicenseService } from './license/license.service.js';
import { registerLicenseRoutes } from './license/license.routes.js';
import { registerLinkPages } from './links/links.pages.js';
import { captureAgentRouteSchemas } from './mcp/agent-route-schemas.js';
import { registerMcpPage } from './mcp/mcp.pages.js';
import * as initial from './migrations/2026-11-22T07-00-cart-recovery.js';
import * as analyticsCache from './migrations/2026-11-22T08-00-analytics-cache.js';
import * as analyticsIndexes from './migrations/2026-11-22T08-10-analytics-indexes.js';
import * as partialIndexes from './migrations/2026-11-22T08-20-partial-indexes.js';
import * as sessionJobGroups from './migrations/2026-11-25T08-10-session-job-groups.js';
import * as dropAnalyticsCache from './migrations/2026-11-25T16-10-drop-analytics-cache.js';
import * as notificationsListIndex from './migrations/2026-11-25T20-20-notifications-list-index.js';
import { cartRecoveryErasers } from './privacy/privacy.erasers.js';
import { registerPrivacyRoutes } from './privacy/privacy.routes.js';
import { pruneExpiredData } from './privacy/retention.service.js';
import { registerOrderRecoveryRoutes } from './recovery/order-recovery.routes.js';
import { registerRecoverySubscribers } from './recovery/recovery.subscribers.js';
import { sequenceJobs } from './sequence/sequence.jobs.js';
import { registerSessionAdminRoutes } from './sessions/sessions-admin.routes.js';
import { registerMailDeliveryRoute } from './settings/mail-delivery.routes.js';
import { CAMPAIGN_SETTINGS, CART_RECOVERY_SETTINGS } from './settings/settings.js';
import { registerCartRecoveryStorefront } from './storefront/cart-recovery.storefront.js';
import { registerTestToolRoutes } from './test-tools/test-tools.routes.js';

/** Cart recovery (`cartrecovery/v1`): consented capture, abandonment, three-step e-mails, links, analytics, agents. */
export const cartRecoveryExtension = defineExtension({
  name: 'cartrecovery',
  migrations: {
    '2026-11-22T07-00-cart-recovery': initial,
    '2026-11-22T08-00-analytics-cache': analyticsCache,
    '2026-11-22T08-10-analytics-indexes': analyticsIndexes,
    '2026-11-22T08-20-partial-indexes': partialIndexes,
    '2026-11-25T08-10-session-job-groups': sessionJobGroups,
    '2026-11-25T16-10-drop-analytics-cache': dropAnalyticsCache,
    '2026-11-25T20-20-notifications-list-index': notificationsListIndex,
  },
  namespaces: [{ namespace: 'cartrecovery/v1' }],
  admin: { capability: ADMIN_CAPABILITY },
  capabilities: AGENT_CAPABILITY_ROLES,
  services: cartRecoveryServices,
  settings: [CART_RECOVERY_SETTINGS, CAMPAIGN_SETTINGS],
  routes(app, cr) {
    cr.ctx.auth.setBearerAuthenticator(agentBearerAuthenticator(cr));
    registerCaptureRoutes(app, cr);
    registerMailDeliveryRoute(app, cr);
    registerAnalyticsRoutes(app, cr);
    registerLicenseRoutes(app, cr);
    registerTestToolRoutes(app, cr);
    registerPrivacyRoutes(app, cr);
    captureAgentRouteSchemas(app, cr.agentRouteSchemas);
    registerAgentRoutes(app, cr);
    registerOrderRecoveryRoutes(app, cr);
    registerSessionAdminRoutes(app, cr);
  },
  pages(app, cr) {
    registerLinkPages(app, cr);
    registerMcpPage(app, cr);
  },
  storefront(_app, cr) {
    registerCartRecoveryStorefront(cr);
  },
  subscribers: registerRecoverySubscribers,
  privacyErasers: cartRecoveryErasers,
  jobs(cr) {
    return {
      ...sequenceJobs(cr),
      [HOOKS.prune]: async () => {
        await pruneExpiredData(cr);
      },
      [HOOKS.licenseCheck]: async () => {
        await new LicenseService(cr).recheck();
      },
    };
  },
  async setup({ ctx }) {
    await ctx.jobs.scheduleRecurring({ hook: HOOKS.sweep, intervalSeconds: 300 });
    await ctx.jobs.scheduleRecurring({ hook: HOOKS.prune, dailyAt: '03:17' });
    await ctx.jobs.scheduleRecurring({ hook: HOOKS.licenseCheck, dailyAt: '04:41' });
  },
  cli: cartRecoveryCli,
});
