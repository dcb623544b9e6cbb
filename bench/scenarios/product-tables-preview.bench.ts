import { BROWSER_HEADERS, defineScenario } from '../scenario.js';
import { benchTable, PT_PRODUCTS } from './product-tables-shared.js';

/**
 * `POST /preview` of the 100-row table's configuration with a style change, as the wizard sends it (from the
 * admin page in a browser, so with the browser's Accept-Encoding).
 */
export default defineScenario({
  description: `POST /wp-json/producttables/v1/preview {data}, 100 rows over ${PT_PRODUCTS} products (admin, cookie + nonce), browser Accept-Encoding`,
  targetRatio: 0.25,
  async setup(ctx) {
    const id = await benchTable(ctx);
    const session = await ctx.login();
    return {
      method: 'POST',
      path: '/wp-json/producttables/v1/preview',
      headers: { ...session.headers, ...BROWSER_HEADERS, 'content-type': 'application/json' },
      body: { data: { id, style: { header: { bgColor: '#1e293b', textColor: '#ffffff' } } } },
    };
  },
});
