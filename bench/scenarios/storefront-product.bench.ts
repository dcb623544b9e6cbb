import { BROWSER_HEADERS, defineScenario } from '../scenario.js';
import { STOREFRONT_PRODUCTS, seedStorefront } from './storefront-shared.js';

/** A product page: a variable demo product (attribute selects, reviews, the extensions' slots). */
export default defineScenario({
  description: `GET /product/<slug>/ (a variable demo product with reviews) over the demo shop + ${STOREFRONT_PRODUCTS} products`,
  targetRatio: 0.1,
  async setup(ctx) {
    await seedStorefront(ctx);
    const [product] = await ctx.rest<Array<{ slug: string }>>('GET', '/wc/v3/products?sku=CLO-TEE');
    if (!product) throw new Error('storefront-product bench: the demo T-shirt is missing');
    return { path: `/product/${product.slug}/`, headers: BROWSER_HEADERS };
  },
});
