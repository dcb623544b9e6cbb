import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moduleCliCommands } from '../../src/app.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const run = async (name: string[], options: Record<string, string | boolean> = {}) => {
  const command = moduleCliCommands().find((c) => c.name.join(' ') === name.join(' '));
  if (!command) throw new Error(`no command ${name.join(' ')}`);
  const lines: string[] = [];
  const code = await command.run(t, { args: [], options, print: (l) => lines.push(l) });
  return { code, lines };
};

const counts = async () => {
  const count = async (
    table: 'shop_products' | 'shop_categories' | 'shop_reviews' | 'users' | 'shop_product_categories',
  ) =>
    Number(
      (
        await t.ctx.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    products: await count('shop_products'),
    categories: await count('shop_categories'),
    links: await count('shop_product_categories'),
    reviews: await count('shop_reviews'),
    users: await count('users'),
  };
};

describe('storeside demo', () => {
  it('should seed a believable catalog with customers and reviews, and change nothing the second time', async () => {
    const first = await run(['demo']);
    expect(first.code).toBe(0);
    expect(first.lines.join('\n')).toContain('Demo catalog: 62 products created in 8 categories.');
    const stats = await t.ctx.shop.catalogStats({ onSaleOnly: false });
    expect(stats).toEqual({ products: 62, categories: 8 });
    const all = await t.ctx.shop.searchProducts({ status: 'publish', offset: 0, limit: 100 });
    const types = new Set(all.items.map((p) => p.type));
    expect([...types].sort()).toEqual(['external', 'grouped', 'simple', 'variable']);
    expect(all.items.filter((p) => p.on_sale).length).toBeGreaterThanOrEqual(5);
    expect(all.items.filter((p) => p.stock_status === 'outofstock').length).toBeGreaterThanOrEqual(2);
    expect(all.items.every((p) => p.sku !== '' && p.images.length === 1)).toBe(true);
    // Generated and served locally: the demo shop needs no internet.
    expect(
      all.items.every((p) => p.images[0]!.src === `/assets/demo/${p.images[0]!.src.split('/').pop()}`),
    ).toBe(true);
    const tee = all.items.find((p) => p.sku === 'CLO-TEE')!;
    expect(tee.variations).toHaveLength(6);
    // The grouped product can be bought from its page: a quantity per child and its children's price range.
    const set = all.items.find((p) => p.sku === 'HOM-SET')!;
    expect(set.grouped_products).toHaveLength(3);
    const page = await t.app.inject({ method: 'GET', url: '/product/kitchen-starter-set/' });
    for (const child of set.grouped_products) expect(page.body).toContain(`name="quantity[${child}]"`);
    expect(page.body).toContain('>Add to cart</button>');
    expect(page.body).toMatch(/data-price>.*&ndash;.*<\/p>/s);
    const reviews = await t.app.inject({
      method: 'GET',
      url: '/wp-json/wc/store/v1/products/reviews?per_page=50',
    });
    expect(reviews.json().length).toBeGreaterThanOrEqual(5);
    expect(reviews.json().some((r: any) => r.verified)).toBe(true);

    const before = await counts();
    const second = await run(['demo']);
    expect(second.code).toBe(0);
    expect(second.lines).toContain('Demo catalog: already seeded.');
    expect(second.lines).toContain('Demo customers: already seeded.');
    expect(second.lines).toContain('Demo reviews: already seeded.');
    expect(await counts()).toEqual(before);
  });
});

describe('storeside bench-data shop', () => {
  it('should add N products in batches, searchable and counted at once', async () => {
    const before = (await t.ctx.shop.searchProducts({ offset: 0, limit: 1 })).total;
    const r = await run(['bench-data', 'shop'], { products: '1203', batch: '500' });
    expect(r.code).toBe(0);
    expect(r.lines[0]).toMatch(/^Bench catalog: 1203 products over 20 categories in \d+ ms/);
    const after = await t.ctx.shop.searchProducts({ offset: 0, limit: 5, orderBy: 'popularity' });
    expect(after.total).toBe(before + 1203);
    const prefix = after.items[0]!.sku.split('-').slice(0, 2).join('-');
    const found = await t.ctx.shop.searchProducts({
      sku: `${prefix}-12`,
      skuPrefix: true,
      offset: 0,
      limit: 100,
    });
    // 12, 120–129 and 1200–1203.
    expect(found.total).toBe(15);
  });

  it('should refuse a bad --products value', async () => {
    await expect(run(['bench-data', 'shop'], { products: 'many' })).rejects.toThrow(/--products/);
  });

  it('should serve SKU lookups (exact and prefix) from the lower(sku) index', async () => {
    const plan =
      t.ctx.engine === 'sqlite'
        ? await sql<{
            detail: string;
          }>`explain query plan select id from shop_products where lower(sku) >= ${'clo-00'} and lower(sku) < ${'clo-01'}`.execute(
            t.ctx.db,
          )
        : await sql<{
            'QUERY PLAN': string;
          }>`explain select id from shop_products where lower(sku) like ${'clo-00%'}`.execute(t.ctx.db);
    const text = JSON.stringify(plan.rows);
    if (t.ctx.engine === 'sqlite') expect(text).toContain('shop_products_sku');
    else expect(text).toMatch(/shop_products_sku|Bitmap|Index/);
  });
});
