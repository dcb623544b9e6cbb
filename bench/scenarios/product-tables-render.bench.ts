import { BROWSER_HEADERS, defineScenario } from '../scenario.js';
import { benchTable, PT_PRODUCTS } from './product-tables-shared.js';

/** The public JSON render of a published 100-row table (what the storefront script fetches), pages 1–3. */
export default defineScenario({
  description: `GET /wp-json/producttables/v1/render/{id}?paged=1..3, 100-row table over ${PT_PRODUCTS} products (public), browser Accept-Encoding`,
  targetRatio: 0.25,
  async setup(ctx) {
    const id = await benchTable(ctx);
    return [1, 2, 3].map((page) => ({
      path: `/wp-json/producttables/v1/render/${id}?paged=${page}`,
      headers: BROWSER_HEADERS,
    }));
  },
});
