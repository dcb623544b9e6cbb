import { catalogDemoStep } from '../demo/catalog-demo.js';
import * as catalogMigration from '../migrations/2026-11-22T07-00-catalog.js';
import * as catalogIndexes from '../migrations/2026-11-22T08-00-catalog-indexes.js';
import * as variationIndex from '../migrations/2026-11-22T16-00-variation-index.js';
import * as tagsAttributes from '../migrations/2026-11-25T19-20-tags-attributes.js';
import * as productFields from '../migrations/2026-11-25T19-25-product-fields.js';
import type { ShopContext, ShopPart } from '../shop-part.js';
import { catalogApi, type ProductExtensionRegistry } from './catalog.api.js';
import { registerAttributeRoutes } from './attributes.routes.js';
import { registerCategoryRoutes } from './categories.routes.js';
import { analyzeCatalog } from './products.repository.js';
import { registerProductRoutes } from './products.routes.js';
import { registerStoreProductRoutes } from './store-products.routes.js';
import { registerStoreTaxonomyRoutes } from './store-taxonomies.routes.js';
import { registerTagRoutes } from './tags.routes.js';

/** The catalog: products, variations, categories, tags, global attributes (tables, `wc/v3` + Store API routes, ShopApi functions). */
export function catalogPart(ctx: ShopContext): ShopPart {
  const productExtensions: ProductExtensionRegistry = new Map();
  return {
    name: 'catalog',
    migrations: {
      '2026-11-22T07-00-catalog': catalogMigration,
      '2026-11-22T08-00-catalog-indexes': catalogIndexes,
      '2026-11-22T16-00-variation-index': variationIndex,
      '2026-11-25T19-20-tags-attributes': tagsAttributes,
      '2026-11-25T19-25-product-fields': productFields,
    },
    api: catalogApi(ctx, productExtensions),
    demo: catalogDemoStep(ctx),
    jobs: () => ({
      // SQLite plans with no statistics until ANALYZE runs; fresh ones keep listings on the right index as shops grow.
      'shop.analyze_catalog': async () => analyzeCatalog(ctx.db),
    }),
    async setup() {
      await ctx.jobs.scheduleRecurring({ hook: 'shop.analyze_catalog', dailyAt: '03:40' });
    },
    routes(app) {
      registerCategoryRoutes(app, ctx);
      registerTagRoutes(app, ctx);
      registerAttributeRoutes(app, ctx);
      registerStoreTaxonomyRoutes(app, ctx);
      registerProductRoutes(app, ctx);
      registerStoreProductRoutes(app, ctx, productExtensions);
    },
  };
}
