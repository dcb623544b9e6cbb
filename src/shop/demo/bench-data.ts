import { demoImagePath } from './demo-images.js';
import { toDbTime } from '../../platform/db/sql-helpers.js';
import { findCategoryBySlug, insertCategory } from '../catalog/categories.repository.js';
import { recountCategories } from '../catalog/categories.repository.js';
import {
  analyzeCatalog,
  insertProductCategoryLinks,
  insertProductRows,
  type NewProductRow,
} from '../catalog/products.repository.js';
import type { ShopContext } from '../shop-part.js';

const ADJECTIVES = [
  'Classic',
  'Compact',
  'Deluxe',
  'Eco',
  'Handmade',
  'Modern',
  'Rugged',
  'Smart',
  'Vintage',
  'Wireless',
];
const NOUNS = [
  'Backpack',
  'Blender',
  'Chair',
  'Jacket',
  'Lamp',
  'Mug',
  'Notebook',
  'Sneaker',
  'Speaker',
  'Watch',
];
const COLORS = ['Red', 'Blue', 'Green', 'Black', 'White', 'Grey', 'Sand', 'Olive'];
const CATEGORY_COUNT = 20;

/**
 * Adds `products` published simple products (5 % drafts, some on sale, some out of stock, ratings and sales spread)
 * over 20 bench categories with multi-row INSERTs of `batchSize` rows per transaction; SKUs `BENCH-<run>-<n>`;
 * then recounts the bench categories and refreshes the planner statistics.
 */
export async function generateBenchCatalog(
  ctx: ShopContext,
  input: { products: number; batchSize?: number },
): Promise<{ created: number; categories: number; milliseconds: number }> {
  const started = performance.now();
  const categoryIds: number[] = [];
  for (let i = 1; i <= CATEGORY_COUNT; i++) {
    const slug = `bench-category-${String(i).padStart(2, '0')}`;
    const existing = await findCategoryBySlug(ctx.db, slug);
    categoryIds.push(
      existing?.id ??
        (await insertCategory(ctx.db, {
          name: `Bench Category ${i}`,
          slug,
          parent: 0,
          description: '',
          menu_order: i,
        })),
    );
  }
  const run = ctx.clock.now().getTime().toString(36).toUpperCase();
  const now = ctx.clock.now().getTime();
  const batchSize = input.batchSize ?? 500;
  let created = 0;
  while (created < input.products) {
    const size = Math.min(batchSize, input.products - created);
    const rows: NewProductRow[] = [];
    for (let k = 0; k < size; k++) rows.push(benchRow(run, created + k, now));
    await ctx.db.transaction().execute(async (trx) => {
      const ids = await insertProductRows(trx, rows);
      await insertProductCategoryLinks(
        trx,
        ids.flatMap((id, k) => {
          const n = created + k;
          const first = categoryIds[n % CATEGORY_COUNT]!;
          const second = categoryIds[(n * 7 + 3) % CATEGORY_COUNT]!;
          return first === second
            ? [{ product_id: id, category_id: first }]
            : [
                { product_id: id, category_id: first },
                { product_id: id, category_id: second },
              ];
        }),
      );
    });
    created += size;
  }
  await recountCategories(ctx.db, categoryIds);
  await analyzeCatalog(ctx.db);
  return { created, categories: CATEGORY_COUNT, milliseconds: Math.round(performance.now() - started) };
}

function benchRow(run: string, n: number, now: number): NewProductRow {
  const name = `${ADJECTIVES[n % ADJECTIVES.length]} ${COLORS[(n >> 2) % COLORS.length]} ${NOUNS[(n * 3) % NOUNS.length]} ${n + 1}`;
  const regular = 500 + ((n * 7919) % 49500);
  const onSale = n % 7 === 0;
  const price = onSale ? Math.round(regular * 0.75) : regular;
  const quantity = n % 13 === 0 ? 0 : (n * 31) % 200;
  const ratingCount = n % 5;
  const created = toDbTime(new Date(now - (n % 1000) * 3_600_000));
  const slug = `bench-${run.toLowerCase()}-${n + 1}`;
  return {
    parent_id: 0,
    type: 'simple',
    status: n % 20 === 19 ? 'draft' : 'publish',
    name,
    slug,
    sku: `BENCH-${run}-${n + 1}`,
    description: `<p>${name}, generated for benchmarks.</p>`,
    short_description: name,
    regular_price: regular,
    sale_price: onSale ? price : null,
    price,
    max_price: price,
    on_sale: onSale ? 1 : 0,
    stock_status: quantity > 0 ? 'instock' : 'outofstock',
    manage_stock: 1,
    stock_quantity: quantity,
    backorders: 'no',
    images: JSON.stringify([{ id: n + 1, src: demoImagePath(slug), alt: name }]),
    attributes: '[]',
    grouped_products: '[]',
    external_url: '',
    button_text: '',
    menu_order: 0,
    average_rating: ratingCount === 0 ? 0 : 300 + ((n * 13) % 200),
    rating_count: ratingCount,
    total_sales: (n * 17) % 500,
    date_created: created,
    date_modified: created,
  };
}
