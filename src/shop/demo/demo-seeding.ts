import { ConflictError } from '../../platform/http/errors.js';
import type { ShopContext, ShopPart } from '../shop-part.js';

/** The option that claims the dashboard's one demo seeding (added before it starts, so a second request finds it). */
const DEMO_CLAIM = 'shop_demo_filled';

/** What seeding prints, line by line. */
type Print = (line: string) => void;

/** `storeside demo`: every part's demo step in part order, then `shop.demo.seeded` for the extensions (idempotent). */
export async function seedDemoShop(
  ctx: ShopContext,
  parts: readonly ShopPart[],
  io: { print: Print; withFakes: boolean },
): Promise<void> {
  for (const part of parts) await part.demo?.({ print: io.print });
  await ctx.events.emit('shop.demo.seeded', io);
}

/** True while the dashboard may offer the demo data: no published product, and not filled from there before. */
export async function demoOffered(ctx: ShopContext): Promise<boolean> {
  const [{ products }, claimed] = await Promise.all([
    ctx.shop.catalogStats({ onSaleOnly: false }),
    ctx.options.get<unknown>(DEMO_CLAIM, null),
  ]);
  return products === 0 && claimed === null;
}

/**
 * Fills an empty shop with the demo data, once: 409 `shop_demo_unavailable` when the shop has products or the
 * demo was filled (or is being filled) from here before, on any instance. A failed seeding releases the claim.
 */
export async function fillEmptyShop(
  ctx: ShopContext,
  parts: readonly ShopPart[],
  print: Print,
): Promise<{ products: number }> {
  if (!(await demoOffered(ctx))) throw unavailable();
  if (!(await ctx.options.add(DEMO_CLAIM, { at: ctx.clock.now().toISOString() }))) throw unavailable();
  try {
    await seedDemoShop(ctx, parts, { print, withFakes: false });
  } catch (error) {
    await ctx.options.delete(DEMO_CLAIM);
    throw error;
  }
  return { products: (await ctx.shop.catalogStats({ onSaleOnly: false })).products };
}

function unavailable(): ConflictError {
  return new ConflictError(
    'shop_demo_unavailable',
    'The shop already has products, or the demo data was already added.',
  );
}
