import type { RestApp } from '../../platform/http/server.js';
import type { ShopContext, ShopPart } from '../shop-part.js';
import { demoOffered, fillEmptyShop } from './demo-seeding.js';
import { DemoFilledSchema, DemoOfferSchema } from './demo.schemas.js';

// Seeding creates users, orders and extension data: the site's administrators only.
const AUTH = { access: 'capability', capability: 'manage_options', nonce: 'cookie' } as const;
const TAGS = ['shop: demo'];

/** `shop/v1/demo`: the dashboard's offer to fill an empty shop with the demo data of `storeside demo`, once. */
export function registerDemoRoutes(app: RestApp, ctx: ShopContext, parts: readonly ShopPart[]): void {
  app.get(
    '/shop/v1/demo',
    {
      config: { auth: AUTH },
      schema: {
        tags: TAGS,
        summary: 'Whether the shop may be filled with the demo data.',
        response: { 200: DemoOfferSchema },
      },
    },
    async () => ({ available: await demoOffered(ctx) }),
  );

  app.post(
    '/shop/v1/demo',
    {
      config: { auth: AUTH },
      schema: {
        tags: TAGS,
        summary:
          'Fills an empty shop with the demo data (what `storeside demo` adds), once; 409 shop_demo_unavailable when the shop has products or it was done before.',
        response: { 200: DemoFilledSchema },
      },
    },
    async () => fillEmptyShop(ctx, parts, (line) => ctx.logger.info(`demo: ${line}`)),
  );
}
