import type { ShopContext, ShopPart } from '../shop-part.js';
import './demo.events.js';

/**
 * The `storeside demo` command: runs every part's `demo` step in part order, then emits `shop.demo.seeded`
 * so extensions add their own demo data. Every step is idempotent, so running the command twice changes nothing.
 */
export function demoPart(ctx: ShopContext, parts: readonly ShopPart[]): ShopPart {
  return {
    name: 'demo',
    cli: () => [
      {
        name: ['demo'],
        summary:
          'Seed a believable demo shop (products, customers, reviews, orders, extension data); idempotent.',
        usage: 'storeside demo [--with-fakes]',
        async run({ print, flags }) {
          for (const part of parts) {
            if (!part.demo) continue;
            await part.demo({ print });
          }
          await ctx.events.emit('shop.demo.seeded', { print, withFakes: flags['with-fakes'] === true });
          print('Demo shop ready.');
          return 0;
        },
      },
    ],
  };
}
