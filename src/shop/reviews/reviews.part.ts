import { seedDemoReviews } from '../demo/reviews-demo.js';
import type { ShopContext, ShopPart } from '../shop-part.js';
import { registerReviewRoutes } from './reviews.routes.js';

/** Product reviews: moderation at `wc/v3/products/reviews`, Store API list and customer posting, ratings. */
export function reviewsPart(ctx: ShopContext): ShopPart {
  return {
    name: 'reviews',
    routes(app) {
      registerReviewRoutes(app, ctx);
    },
    subscribers() {
      // Demo reviews come after the demo orders (verified buyers), before the extensions' demo handlers.
      ctx.events.on('shop.demo.seeded', ({ print }) => seedDemoReviews(ctx, print));
    },
  };
}
