import { defineExtension } from '../define-extension.js';
import { registerCatalogRoutes } from './catalog/catalog.routes.js';
import { ADMIN_CAPABILITY } from './common/admin-policy.js';
import { seedDemoTables } from './demo/demo-tables.js';
import { systemActor } from './logs/activity-actor.js';
import { pruneActivity } from './logs/activity-log.service.js';
import { registerLogRoutes } from './logs/logs.routes.js';
import * as initial from './migrations/2026-11-22T09-00-product-tables.js';
import { productTablesServices } from './product-tables.services.js';
import { PRODUCT_TABLES_SETTINGS } from './settings/settings.js';
import { registerStorefrontPages } from './storefront/storefront.pages.js';
import { registerStorefrontRoutes } from './storefront/storefront.routes.js';
import { registerSystemRoutes } from './system/system.routes.js';
import { registerTableRoutes } from './tables/tables.routes.js';

const PRUNE_LOGS_JOB = 'ptables.prune_logs';

/** Product tables (`producttables/v1`): table configurations, their storefront rendering, and an activity log. */
export const productTablesExtension = defineExtension({
  name: 'product_tables',
  migrations: { '2026-11-22T09-00-product-tables': initial },
  namespaces: [{ namespace: 'producttables/v1' }],
  admin: { capability: ADMIN_CAPABILITY },
  services: productTablesServices,
  settings: [PRODUCT_TABLES_SETTINGS],
  routes(app, { ctx }) {
    registerTableRoutes(app, ctx);
    registerCatalogRoutes(app, ctx);
    registerSystemRoutes(app, ctx);
    registerLogRoutes(app, ctx);
    registerStorefrontRoutes(app, ctx);
  },
  storefront(app, { ctx }) {
    registerStorefrontPages(app, ctx);
  },
  jobs: ({ ctx }) => ({
    [PRUNE_LOGS_JOB]: async () => {
      await pruneActivity(ctx, systemActor('cron'));
    },
  }),
  async setup({ ctx }) {
    await ctx.jobs.scheduleRecurring({ hook: PRUNE_LOGS_JOB, dailyAt: '03:30' });
  },
  demo: ({ ctx }, { print }) => seedDemoTables(ctx, print),
});
