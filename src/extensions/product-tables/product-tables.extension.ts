import { defineExtension } from '../define-extension.js';
import { seedDemoTables } from './demo/demo-tables.js';
import { registerCatalogRoutes } from './catalog/catalog.routes.js';
import { systemActor } from './logs/activity-actor.js';
import { pruneActivity } from './logs/activity-log.service.js';
import { registerLogRoutes } from './logs/logs.routes.js';
import * as initial from './migrations/2026-11-22T09-00-product-tables.js';
import { registerSettingsRoutes } from './settings/settings.routes.js';
import { registerStorefrontPages } from './storefront/storefront.pages.js';
import { registerStorefrontRoutes } from './storefront/storefront.routes.js';
import { registerTableRoutes } from './tables/tables.routes.js';

/** Product tables (`producttables/v1`): table configurations, their storefront rendering, and an activity log. */
export const productTablesExtension = defineExtension({
  name: 'product_tables',
  adminCapability: 'manage_options', // what every admin route needs (common/admin-policy.ts)
  migrations: { '2026-11-22T09-00-product-tables': initial },
  namespaces: [{ namespace: 'producttables/v1' }],
  routes(app, ctx) {
    registerTableRoutes(app, ctx);
    registerCatalogRoutes(app, ctx);
    registerSettingsRoutes(app, ctx);
    registerLogRoutes(app, ctx);
    registerStorefrontRoutes(app, ctx);
  },
  pages(app, ctx) {
    registerStorefrontPages(app, ctx);
  },
  subscribers(ctx) {
    ctx.events.on('shop.demo.seeded', ({ print }) => seedDemoTables(ctx, print));
  },
  jobs: (ctx) => ({
    'ptables.prune_logs': async () => {
      await pruneActivity(ctx, systemActor('cron'));
    },
  }),
  async setup(ctx) {
    await ctx.jobs.scheduleRecurring({ hook: 'ptables.prune_logs', dailyAt: '03:30' });
  },
});
