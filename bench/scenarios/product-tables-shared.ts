import type { BenchContext } from '../scenario.js';

/** Catalog size of the product-table scenarios (`PRODUCT_TABLES_BENCH_PRODUCTS`, default 10,000). */
export const PT_PRODUCTS = Number(process.env.PRODUCT_TABLES_BENCH_PRODUCTS ?? 10_000);
const TITLE = 'Bench: 100 rows';

/** Seeds the catalog once per data dir, and a published 100-row table; returns the table's id. */
export async function benchTable(ctx: BenchContext): Promise<number> {
  const stats = await ctx.rest<{ products: number }>('GET', '/producttables/v1/source-stats?type=all');
  if (stats.products < PT_PRODUCTS * 0.9) await ctx.cli(['bench-data', 'shop', `--products=${PT_PRODUCTS}`]);
  const tables = await ctx.rest<Array<{ id: number; title: string }>>('GET', '/producttables/v1/tables');
  const found = tables.find((t) => t.title === TITLE);
  if (found) return found.id;
  const created = await ctx.rest<{ id: number }>('POST', '/producttables/v1/tables', {
    data: {
      title: TITLE,
      settings: { pagination: { limit: 100 } },
      columns: [
        { id: 'image', type: 'image', heading: 'Image' },
        { id: 'name', type: 'name', heading: 'Product' },
        { id: 'sku', type: 'sku', heading: 'SKU' },
        { id: 'stock', type: 'stock', heading: 'Stock' },
        { id: 'price', type: 'price', heading: 'Price' },
        { id: 'buy', type: 'button', heading: 'Buy' },
      ],
    },
  });
  return created.id;
}
