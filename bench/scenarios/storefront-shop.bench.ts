import { BROWSER_HEADERS, defineScenario } from '../scenario.js';
import { STOREFRONT_PRODUCTS, seedStorefront } from './storefront-shared.js';

/** The shop page a shopper opens: `/shop/` (12 products, sorted by popularity) and a category page by price. */
export default defineScenario({
  description: `GET /shop/ and /product-category/<slug>/?orderby=price (server-rendered grid) over the demo shop + ${STOREFRONT_PRODUCTS} products`,
  targetRatio: 0.1,
  async setup(ctx) {
    await seedStorefront(ctx);
    const categories = await ctx.rest<Array<{ slug: string; count: number }>>(
      'GET',
      '/wc/v3/products/categories?per_page=100&hide_empty=true',
    );
    const category = categories.sort((a, b) => b.count - a.count)[0];
    if (!category) throw new Error('storefront-shop bench: no category holds products');
    return [
      { path: '/shop/', headers: BROWSER_HEADERS },
      { path: `/product-category/${category.slug}/?orderby=price`, headers: BROWSER_HEADERS },
    ];
  },
});
