import type { BenchContext } from '../scenario.js';

/** Generated products added to the demo catalogue (`STOREFRONT_BENCH_PRODUCTS`, default 10,000). */
export const STOREFRONT_PRODUCTS = Number(process.env.STOREFRONT_BENCH_PRODUCTS ?? 10_000);

/** Seeds the demo shop and the generated catalogue once per data dir. */
export async function seedStorefront(ctx: BenchContext): Promise<void> {
  const response = await fetch(`${ctx.baseUrl}/wp-json/wc/store/v1/products?per_page=1`);
  const total = Number(response.headers.get('x-wp-total') ?? 0);
  if (total >= STOREFRONT_PRODUCTS) return;
  await ctx.cli(['demo']);
  await ctx.cli(['bench-data', 'shop', `--products=${STOREFRONT_PRODUCTS}`]);
}
