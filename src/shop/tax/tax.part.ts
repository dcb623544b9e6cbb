import * as taxRatesMigration from '../migrations/2026-11-28T22-00-tax-rates.js';
import type { ShopContext, ShopPart } from '../shop-part.js';
import { demoTaxStep } from './tax.demo.js';
import { registerTaxClassRoutes } from './tax-classes.routes.js';
import { registerTaxRateRoutes } from './tax-rates.routes.js';
import { registerTaxSettingRoutes } from './tax-settings.routes.js';
import { pricesForShopDisplay } from './shop-display-prices.js';

/** Taxes: `wc/v3/taxes` rates and classes, the Tax tab's settings, the orders' tax column, shop display prices. */
export function taxPart(ctx: ShopContext): ShopPart {
  return {
    name: 'tax',
    migrations: { '2026-11-28T22-00-tax-rates': taxRatesMigration },
    demo: demoTaxStep(ctx),
    api: {
      pricesForShopDisplay: (products, db = ctx.db) => pricesForShopDisplay(ctx.options, db, products),
    },
    routes: (app) => {
      registerTaxRateRoutes(app, ctx);
      registerTaxClassRoutes(app, ctx);
      registerTaxSettingRoutes(app, ctx);
    },
  };
}
