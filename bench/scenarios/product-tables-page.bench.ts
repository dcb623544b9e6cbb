import { BROWSER_HEADERS, defineScenario } from '../scenario.js';
import { benchTable, PT_PRODUCTS } from './product-tables-shared.js';

/** The public page of a published 100-row table (whole document, anonymous visitor). */
export default defineScenario({
  description: `GET /product-table/{id}, 100-row table over ${PT_PRODUCTS} products (public page), browser Accept-Encoding`,
  targetRatio: 0.25,
  async setup(ctx) {
    return { path: `/product-table/${await benchTable(ctx)}`, headers: BROWSER_HEADERS };
  },
});
