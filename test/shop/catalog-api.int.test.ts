import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  hasStockFor,
  loadPurchasables,
  purchasableKey,
  recordSales,
  resolvePurchasableRef,
  restoreStock,
  sellLines,
} from '../../src/shop/catalog/purchasables.js';
import { analyzeCatalog } from '../../src/shop/catalog/products.repository.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { adminHeaders, makeCategory, makeProduct, makeVariation } from './catalog-helpers.js';

let t: TestApp;
let admin: Record<string, string>;
let shoes: Record<string, any>;
let hats: Record<string, any>;
const p: Record<string, Record<string, any>> = {};

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminHeaders(t);
  shoes = await makeCategory(t, admin, { name: 'Shoes' });
  const boots = await makeCategory(t, admin, { name: 'Boots', parent: shoes.id });
  hats = await makeCategory(t, admin, { name: 'Hats' });
  await makeCategory(t, admin, { name: 'Empty' });
  p.runner = await makeProduct(t, admin, {
    name: 'Red Running Shoe',
    sku: 'SH-RUN-1',
    regular_price: '80',
    categories: [{ id: shoes.id }],
  });
  p.trail = await makeProduct(t, admin, {
    name: 'Trail Running Shoe',
    sku: 'SH-TRL-1',
    regular_price: '90',
    sale_price: '70',
    categories: [{ id: shoes.id }],
  });
  p.boot = await makeProduct(t, admin, {
    name: 'Winter Boot',
    sku: 'BT-1',
    regular_price: '120',
    manage_stock: true,
    stock_quantity: 2,
    categories: [{ id: boots.id }],
  });
  p.cap = await makeProduct(t, admin, {
    name: 'Cap',
    sku: 'HAT-CAP',
    regular_price: '15',
    stock_status: 'outofstock',
    categories: [{ id: hats.id }],
  });
  p.draft = await makeProduct(t, admin, {
    name: 'Draft Hat',
    sku: 'HAT-DRAFT',
    regular_price: '15',
    status: 'draft',
    categories: [{ id: hats.id }],
  });
  p.tee = await makeProduct(t, admin, {
    name: 'Tee',
    sku: 'TEE',
    type: 'variable',
    attributes: [{ name: 'Size', options: ['S', 'M'], variation: true }],
  });
  p.teeS = await makeVariation(t, admin, p.tee.id, {
    regular_price: '10',
    sku: 'TEE-S',
    attributes: [{ name: 'Size', option: 'S' }],
    manage_stock: true,
    stock_quantity: 4,
  });
  p.teeM = await makeVariation(t, admin, p.tee.id, {
    regular_price: '12',
    sku: 'TEE-M',
    attributes: [{ name: 'Size', option: 'M' }],
  });
});
afterAll(async () => t.close());

const names = async (query: Parameters<TestApp['ctx']['shop']['searchProducts']>[0]) =>
  (await t.ctx.shop.searchProducts(query)).items.map((i) => i.name);

describe('ShopApi catalog', () => {
  it('should expose every ShopApi function once all shop parts are composed', () => {
    const names = [
      'getProducts',
      'getProductPrices',
      'searchProducts',
      'countProducts',
      'listCategories',
      'catalogStats',
      'formatMoney',
      'priceHtml',
      'registerProductExtension',
      'getCartForPrincipal',
      'getCart',
      'recalculateCart',
      'registerCartExtension',
      'restoreCartForBrowser',
      'createCoupon',
      'getCoupon',
      'getOrder',
      'findOrders',
      'setOrderMeta',
    ];
    const shop = t.ctx.shop as unknown as Record<string, unknown>;
    expect(names.filter((name) => typeof shop[name] !== 'function')).toEqual([]);
  });

  it('should return products by id in the order asked, leaving unknown ids and variations out', async () => {
    const got = await t.ctx.shop.getProducts([p.boot.id, 99999, p.runner.id, p.teeS.id]);
    expect(got.map((x) => x.id)).toEqual([p.boot.id, p.runner.id]);
    expect(got[0]).toMatchObject({
      price: 12000,
      regular_price: 12000,
      sale_price: null,
      stock_quantity: 2,
      manage_stock: true,
    });
    const [tee] = await t.ctx.shop.getProducts([p.tee.id]);
    expect(tee).toMatchObject({ type: 'variable', price: 1000, max_price: 1200, purchasable: true });
    expect(tee!.variations.map((v) => v.attributes)).toEqual([{ Size: 'S' }, { Size: 'M' }]);
  });

  it('should return the prices of products by id as getProducts has them, in the order asked', async () => {
    const ids = [p.tee.id, 99999, p.trail.id, p.teeS.id, p.draft.id, p.trail.id];
    const prices = await t.ctx.shop.getProductPrices(ids);
    expect(prices.map((x) => x.id)).toEqual([p.tee.id, p.trail.id, p.draft.id]);
    expect(prices[1]).toEqual({
      id: p.trail.id,
      name: 'Trail Running Shoe',
      sku: 'SH-TRL-1',
      type: 'simple',
      status: 'publish',
      price: 7000,
      variations: [],
    });
    expect(prices[2]).toMatchObject({ status: 'draft', price: 1500 });
    const full = await t.ctx.shop.getProducts(ids);
    expect(prices).toEqual(
      full.map((f) => ({
        id: f.id,
        name: f.name,
        sku: f.sku,
        type: f.type,
        status: f.status,
        price: f.price,
        variations: f.variations.map((v) => ({
          id: v.id,
          sku: v.sku,
          status: (v as { status?: string }).status,
          price: v.price,
        })),
      })),
    );
    expect(prices[0]!.variations.map((v) => [v.sku, v.price])).toEqual([
      ['TEE-S', 1000],
      ['TEE-M', 1200],
    ]);
    expect(await t.ctx.shop.getProductPrices([])).toEqual([]);
  });

  it('should keep prices read outside a transaction only while the catalogue is unchanged', async () => {
    const [before] = await t.ctx.shop.getProductPrices([p.runner.id]);
    expect(before).toMatchObject({ price: 8000 });
    expect(Object.isFrozen(before)).toBe(true);
    const r = await t.app.inject({
      method: 'PUT',
      url: `/wp-json/wc/v3/products/${p.runner.id}`,
      headers: admin,
      payload: { regular_price: '85' },
    });
    expect(r.statusCode).toBe(200);
    const [after] = await t.ctx.shop.getProductPrices([p.runner.id]);
    expect(after).toMatchObject({ price: 8500 });
    await t.app.inject({
      method: 'PUT',
      url: `/wp-json/wc/v3/products/${p.runner.id}`,
      headers: admin,
      payload: { regular_price: '80' },
    });
    expect((await t.ctx.shop.getProductPrices([p.runner.id]))[0]).toMatchObject({ price: 8000 });
  });

  it('should look up any number of product prices (lists padded and split internally)', async () => {
    const many = [...Array.from({ length: 600 }, (_, i) => 500_000 + i), p.runner.id, p.cap.id, p.boot.id];
    const prices = await t.ctx.shop.getProductPrices(many);
    expect(prices.map((x) => x.name)).toEqual(['Red Running Shoe', 'Cap', 'Winter Boot']);
    for (const count of [1, 2, 3, 5]) {
      const ids = [p.runner.id, p.cap.id, p.boot.id, p.trail.id, p.draft.id].slice(0, count);
      expect((await t.ctx.shop.getProductPrices(ids)).map((x) => x.id)).toEqual(ids);
    }
  });

  it('should search by every name word, name-or-SKU, exact SKU and indexed SKU prefix', async () => {
    const base = { offset: 0, limit: 20, orderBy: 'title' as const, order: 'asc' as const };
    expect(await names({ ...base, search: 'shoe RUNNING' })).toEqual([
      'Red Running Shoe',
      'Trail Running Shoe',
    ]);
    expect(await names({ ...base, search: 'running boot' })).toEqual([]);
    expect(await names({ ...base, searchNameOrSku: 'hat-' })).toEqual(['Cap', 'Draft Hat']);
    expect(await names({ ...base, sku: 'bt-1' })).toEqual(['Winter Boot']);
    expect(await names({ ...base, sku: 'sh-', skuPrefix: true })).toEqual([
      'Red Running Shoe',
      'Trail Running Shoe',
    ]);
    expect(await names({ ...base, sku: 'SH-', skuPrefix: false })).toEqual([]);
    expect(await names({ ...base, sku: 'te', skuPrefix: true })).toEqual(['Tee']);
  });

  it('should filter by include/exclude, status, type, categories (with children), sale and stock', async () => {
    const base = { offset: 0, limit: 20, orderBy: 'title' as const, order: 'asc' as const };
    expect(await names({ ...base, include: [p.cap.id, p.boot.id], exclude: [p.cap.id] })).toEqual([
      'Winter Boot',
    ]);
    expect(await names({ ...base, include: [] })).toEqual([]);
    expect(await names({ ...base, status: 'draft' })).toEqual(['Draft Hat']);
    expect(await names({ ...base, type: 'variable' })).toEqual(['Tee']);
    expect(await names({ ...base, categoryIds: [shoes.id] })).toEqual([
      'Red Running Shoe',
      'Trail Running Shoe',
      'Winter Boot',
    ]);
    expect(await names({ ...base, categoryIds: [hats.id], status: 'publish' })).toEqual(['Cap']);
    expect(await names({ ...base, onSale: true })).toEqual(['Trail Running Shoe']);
    expect(await names({ ...base, stockStatus: 'outofstock' })).toEqual(['Cap']);
  });

  it('should count several queries at once, each as searchProducts totals it', async () => {
    const queries = [
      { status: 'publish' as const },
      { categoryIds: [shoes.id] },
      { categoryIds: [hats.id], status: 'publish' as const },
      { onSale: true },
      { include: [] },
      { sku: 'SH-', skuPrefix: true },
    ];
    const totals = await Promise.all(
      queries.map(async (q) => (await t.ctx.shop.searchProducts({ ...q, offset: 0, limit: 1 })).total),
    );
    expect(totals).toEqual([5, 3, 1, 1, 0, 2]);
    expect(await t.ctx.shop.countProducts(queries)).toEqual(totals);
    expect(await t.ctx.shop.countProducts([])).toEqual([]);
  });

  it('should order by price, popularity and rating, and count the total in the same call', async () => {
    const cheapest = await t.ctx.shop.searchProducts({
      status: 'publish',
      orderBy: 'price',
      order: 'asc',
      offset: 0,
      limit: 2,
    });
    expect(cheapest.total).toBe(5);
    expect(cheapest.items.map((i) => i.name)).toEqual(['Tee', 'Cap']);
    await t.ctx.db.transaction().execute((trx) => recordSales(trx, [{ productId: p.cap.id, quantity: 7 }]));
    expect((await names({ orderBy: 'popularity', offset: 0, limit: 1 }))[0]).toBe('Cap');
    await t.ctx.db
      .updateTable('shop_products')
      .set({ average_rating: 450, rating_count: 2 })
      .where('id', '=', p.boot.id)
      .execute();
    expect((await names({ orderBy: 'rating', offset: 0, limit: 1 }))[0]).toBe('Winter Boot');
  });

  it('should list categories with published counts and compute catalog stats', async () => {
    const cats = await t.ctx.shop.listCategories();
    const count = (name: string) => cats.find((c) => c.name === name)?.count;
    expect(count('Shoes')).toBe(2);
    expect(count('Boots')).toBe(1);
    expect(count('Hats')).toBe(1);
    expect(count('Empty')).toBe(0);
    // The product saved without a category sits in the default category, Uncategorized: the fourth.
    expect(await t.ctx.shop.catalogStats({ onSaleOnly: false })).toEqual({ products: 5, categories: 4 });
    expect(await t.ctx.shop.catalogStats({ onSaleOnly: true })).toEqual({ products: 1, categories: 1 });
  });

  it('should format money and price_html in the store currency', async () => {
    expect(t.ctx.shop.currency).toEqual({ code: 'USD', minorUnit: 2, symbol: '$' });
    expect(t.ctx.shop.formatMoney(123456)).toBe('1234.56');
    const [trail, tee] = await t.ctx.shop.getProducts([p.trail.id, p.tee.id]);
    expect(t.ctx.shop.priceHtml(trail!)).toMatch(
      /<del aria-hidden="true">.*90\.00.*<\/del> <ins>.*70\.00.*<\/ins>/,
    );
    expect(t.ctx.shop.priceHtml(tee!)).toMatch(/10\.00.*&ndash;.*12\.00/);
  });
});

describe('catalog maintenance', () => {
  it('should schedule the daily ANALYZE job and run it on this engine', async () => {
    const job = await t.ctx.db
      .selectFrom('jobs')
      .select(['hook', 'status', 'recurrence'])
      .where('hook', '=', 'shop.analyze_catalog')
      .executeTakeFirst();
    expect(job).toMatchObject({ hook: 'shop.analyze_catalog', status: 'pending' });
    await expect(analyzeCatalog(t.ctx.db)).resolves.toBeUndefined();
  });
});

describe('purchasables for the cart', () => {
  it('should load lines in one call and say why a line cannot be bought', async () => {
    const refs = [
      { productId: p.runner.id },
      { productId: p.tee.id, variationId: p.teeS.id },
      { productId: p.tee.id },
      { productId: p.draft.id },
      { productId: p.cap.id },
      { productId: 99999 },
      { productId: p.runner.id, variationId: p.teeS.id },
    ];
    const lines = await loadPurchasables(t.ctx.db, refs, t.config.publicUrl);
    const at = (i: number) => lines.get(purchasableKey(refs[i]!))!;
    expect(at(0)).toMatchObject({ name: 'Red Running Shoe', price: 8000, problem: null, variationId: 0 });
    expect(at(1)).toMatchObject({
      name: 'Tee - S',
      sku: 'TEE-S',
      price: 1000,
      manageStock: true,
      stockQuantity: 4,
      variation: [{ attribute: 'Size', value: 'S' }],
      problem: null,
    });
    expect(at(2).problem).toBe('not_purchasable');
    expect(at(3).problem).toBe('not_published');
    expect(at(4).problem).toBe('out_of_stock');
    expect(at(5).problem).toBe('not_found');
    expect(at(6).problem).toBe('not_found');
    expect(hasStockFor(at(1), 4)).toBe(true);
    expect(hasStockFor(at(1), 5)).toBe(false);
    expect(hasStockFor(at(0), 500)).toBe(true);
  });

  it('should resolve a variable product plus attributes to its variation', async () => {
    expect(
      await resolvePurchasableRef(t.ctx.db, p.tee.id, [{ attribute: 'attribute_pa_size', value: 'm' }]),
    ).toEqual({
      productId: p.tee.id,
      variationId: p.teeM.id,
    });
    expect(await resolvePurchasableRef(t.ctx.db, p.teeS.id)).toEqual({
      productId: p.tee.id,
      variationId: p.teeS.id,
    });
    expect(await resolvePurchasableRef(t.ctx.db, p.tee.id, [{ attribute: 'Size', value: 'XL' }])).toEqual({
      productId: p.tee.id,
    });
    expect(await resolvePurchasableRef(t.ctx.db, 99999)).toBeNull();
  });

  it('should sell and restore stock in a transaction and refuse to oversell, undoing the whole transaction', async () => {
    await t.ctx.db.transaction().execute((trx) =>
      sellLines(trx, t.ctx.clock, [
        { productId: p.boot.id, quantity: 1 },
        { productId: p.tee.id, variationId: p.teeS.id, quantity: 4 },
        { productId: p.runner.id, quantity: 3 },
      ]),
    );
    const [boot, tee] = await t.ctx.shop.getProducts([p.boot.id, p.tee.id]);
    expect(boot).toMatchObject({ stock_quantity: 1, stock_status: 'instock' });
    expect(tee!.variations[0]).toMatchObject({ stock_quantity: 0, stock_status: 'outofstock' });
    expect(tee!.stock_status).toBe('instock');

    await expect(
      t.ctx.db.transaction().execute((trx) =>
        sellLines(trx, t.ctx.clock, [
          { productId: p.boot.id, quantity: 1 },
          { productId: p.tee.id, variationId: p.teeS.id, quantity: 1 },
        ]),
      ),
    ).rejects.toMatchObject({ code: 'woocommerce_rest_product_out_of_stock', status: 409 });
    const [bootAfter] = await t.ctx.shop.getProducts([p.boot.id]);
    expect(bootAfter!.stock_quantity).toBe(1);

    await t.ctx.db
      .transaction()
      .execute((trx) =>
        restoreStock(trx, t.ctx.clock, [{ productId: p.tee.id, variationId: p.teeS.id, quantity: 2 }]),
      );
    const [teeAfter] = await t.ctx.shop.getProducts([p.tee.id]);
    expect(teeAfter!.variations[0]).toMatchObject({ stock_quantity: 2, stock_status: 'instock' });
  });

  it('should never oversell under concurrent sales', async () => {
    const item = await makeProduct(t, admin, {
      name: 'Scarce',
      regular_price: '1',
      manage_stock: true,
      stock_quantity: 5,
    });
    const attempts = await Promise.allSettled(
      Array.from({ length: 12 }, () =>
        t.ctx.db
          .transaction()
          .execute((trx) => sellLines(trx, t.ctx.clock, [{ productId: item.id, quantity: 1 }])),
      ),
    );
    expect(attempts.filter((a) => a.status === 'fulfilled')).toHaveLength(5);
    const [after] = await t.ctx.shop.getProducts([item.id]);
    expect(after).toMatchObject({ stock_quantity: 0, stock_status: 'outofstock' });
  });
});
