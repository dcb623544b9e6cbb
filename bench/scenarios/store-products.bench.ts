import { defineScenario } from '../scenario.js';

/** Catalog size of the Store API product scenario (`STORE_PRODUCTS_BENCH_PRODUCTS`, default 10,000). */
const PRODUCTS = Number(process.env.STORE_PRODUCTS_BENCH_PRODUCTS ?? 10_000);

/**
 * The storefront's product grid: `GET /wc/store/v1/products` (20 per page, public), newest and by price in a
 * category. Each answer is ~37 KB (20 full products with prices, images, categories and the videos extension's
 * data), so the ratio to a 12-byte hello-world stays low; the target guards against regressions.
 */
export default defineScenario({
  description: `GET /wp-json/wc/store/v1/products (20 per page, ~37 KB; newest, and a category by price) over ${PRODUCTS} products`,
  targetRatio: 0.01,
  async setup(ctx) {
    const stats = await ctx.rest<Array<unknown>>('GET', '/wc/v3/products?per_page=1');
    if (stats.length === 0 || !(await hasEnough(ctx.baseUrl)))
      await ctx.cli(['bench-data', 'shop', `--products=${PRODUCTS}`]);
    const categories = await ctx.rest<Array<{ id: number; count: number }>>(
      'GET',
      '/wc/v3/products/categories?per_page=100&hide_empty=true',
    );
    const category = categories.sort((a, b) => a.count - b.count)[0];
    if (!category) throw new Error('store-products bench: no category holds products');
    return [
      { path: '/wp-json/wc/store/v1/products?per_page=20' },
      { path: `/wp-json/wc/store/v1/products?per_page=20&category=${category.id}&orderby=price&order=asc` },
    ];
  },
});

async function hasEnough(baseUrl: string): Promise<boolean> {
  const response = await fetch(`${baseUrl}/wp-json/wc/store/v1/products?per_page=1`);
  return Number(response.headers.get('x-wp-total') ?? 0) >= PRODUCTS * 0.9;
}
