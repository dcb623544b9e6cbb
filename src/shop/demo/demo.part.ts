import { Type } from '@sinclair/typebox';
import { CliUsageError } from '../../platform/cli/platform-commands.js';
import type { ShopContext, ShopPart } from '../shop-part.js';
import { generateBenchCatalog } from './bench-data.js';
import { demoImageSvg } from './demo-images.js';
import { seedDemoShop } from './demo-seeding.js';
import { registerDemoRoutes } from './demo.routes.js';
import './demo.events.js';

/**
 * `storeside demo` runs every part's `demo` step in part order, then emits `shop.demo.seeded` so extensions add
 * their own demo data (every step is idempotent: running the command twice changes nothing); `shop/v1/demo`
 * lets the dashboard do the same once for an empty shop; `storeside bench-data shop --products N` builds a large
 * catalog for benchmarks.
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
    cli: () => [
      {
        name: ['demo'],
        summary:
          'Seed a believable demo shop (products, customers, reviews, orders, extension data); idempotent.',
        usage: 'storeside demo [--with-fakes]',
        async run({ print, flags }) {
          await seedDemoShop(ctx, parts, { print, withFakes: flags['with-fakes'] === true });
          print('Demo shop ready.');
          return 0;
        },
      },
      {
        name: ['bench-data', 'shop'],
        summary: 'Add N generated products over 20 categories (batched inserts) for benchmarks.',
        usage: 'storeside bench-data shop --products <N> [--batch <rows per insert, default 500>]',
        async run({ flags, print }) {
          const products = Number(flags.products);
          const batch = flags.batch === undefined ? 500 : Number(flags.batch);
          if (!Number.isInteger(products) || products < 1 || products > 5_000_000)
            throw new CliUsageError('--products must be a whole number from 1 to 5000000');
          if (!Number.isInteger(batch) || batch < 1 || batch > 1000)
            throw new CliUsageError('--batch must be a whole number from 1 to 1000');
          const result = await generateBenchCatalog(ctx, { products, batchSize: batch });
          print(
            `Bench catalog: ${result.created} products over ${result.categories} categories in ${result.milliseconds} ms (${Math.round((result.created * 1000) / Math.max(1, result.milliseconds))} products/s).`,
          );
          return 0;
        },
      },
    ],
  };
}
