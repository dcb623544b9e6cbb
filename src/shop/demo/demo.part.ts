import { Type } from '@sinclair/typebox';
import type { ShopContext, ShopPart } from '../shop-part.js';
import { demoImageSvg } from './demo-images.js';
import { seedDemoShop } from './demo-seeding.js';
import { registerDemoRoutes } from './demo.routes.js';
import './demo.events.js';

/**
 * The demo shop: `seedDemo` (what `storeside demo` runs) runs every part's `demo` step in part order, then emits
 * `shop.demo.seeded` so extensions add their own demo data (every step is idempotent: seeding twice changes
 * nothing); `shop/v1/demo` lets the dashboard do the same once for an empty shop; the demo catalogue's generated
 * images.
 */
export function demoPart(ctx: ShopContext, parts: readonly ShopPart[]): ShopPart {
  return {
    name: 'demo',
    routes(app) {
      registerDemoRoutes(app, ctx, parts);
    },
    pages(app) {
      // The demo catalogue's product images, generated: the demo shop looks complete without internet.
      app.get(
        '/assets/demo/:file',
        {
          config: { auth: { access: 'public', nonce: 'never' } },
          schema: {
            hide: true,
            params: Type.Object({ file: Type.String({ pattern: '^[a-z0-9-]{1,200}\\.svg$' }) }),
          },
        },
        (request, reply) =>
          reply
            .header('Content-Type', 'image/svg+xml')
            .header('Cache-Control', 'public, max-age=86400')
            .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
            .send(demoImageSvg(request.params.file.slice(0, -4))),
      );
    },
    api: {
      seedDemo: (io) => seedDemoShop(ctx, parts, io),
    },
  };
}
