import { BROWSER_HEADERS, defineScenario } from '../scenario.js';
import { benchTable, PT_PRODUCTS } from './product-tables-shared.js';

/** The wizard's SKU picker (in the admin page, so a browser's headers): `GET /products?sku=<prefix>` (prefix match over the whole catalog). */
export default defineScenario({
  description: `GET /wp-json/producttables/v1/products?sku=<prefix> over ${PT_PRODUCTS} products (admin, cookie + nonce)`,
  targetRatio: 0.5,
  async setup(ctx) {
    await benchTable(ctx);
    const [sample] = await ctx.rest<Array<{ sku: string }>>(
      'GET',
      '/producttables/v1/products?sku=BENCH-&limit=1',
    );
    if (!sample) throw new Error('product-tables bench: no BENCH- SKUs in the catalog');
    const prefix = `${sample.sku.slice(0, sample.sku.lastIndexOf('-') + 1)}12`;
    const session = await ctx.login();
    return {
      path: `/wp-json/producttables/v1/products?sku=${encodeURIComponent(prefix)}`,
      headers: { ...session.headers, ...BROWSER_HEADERS },
    };
  },
});
