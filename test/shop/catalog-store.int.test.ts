import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { adminHeaders, makeCategory, makeProduct, makeVariation } from './catalog-helpers.js';

let t: TestApp;
let admin: Record<string, string>;
const p: Record<string, Record<string, any>> = {};

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminHeaders(t);
  const cat = await makeCategory(t, admin, { name: 'Kitchen' });
  p.pan = await makeProduct(t, admin, {
    name: 'Pan',
    sku: 'PAN',
    regular_price: '19.99',
    sale_price: '14.50',
    categories: [{ id: cat.id }],
    images: [{ src: 'https://img.example/pan.jpg' }],
  });
  p.hidden = await makeProduct(t, admin, { name: 'Hidden Pot', regular_price: '5', status: 'draft' });
  p.knife = await makeProduct(t, admin, {
    name: 'Knife',
    type: 'variable',
    attributes: [{ name: 'Length', options: ['Short', 'Long'], variation: true }],
  });
  await makeVariation(t, admin, p.knife.id, {
    regular_price: '30',
    attributes: [{ name: 'Length', option: 'Short' }],
  });
  await makeVariation(t, admin, p.knife.id, {
    regular_price: '45',
    attributes: [{ name: 'Length', option: 'Long' }],
  });
  t.ctx.shop.registerProductExtension('storeside-test', async (products) =>
    Object.fromEntries(
      products.filter((x) => x.sku === 'PAN').map((x) => [x.id, { gallery: [`video-of-${x.slug}`] }]),
    ),
  );
});
afterAll(async () => t.close());

describe('Store API products', () => {
  it('should list only published products, anonymously, with minor-unit prices and currency fields', async () => {
    const r = await t.app.inject({
      method: 'GET',
      url: '/wp-json/wc/store/v1/products?orderby=title&order=asc',
    });
    expect(r.statusCode).toBe(200);
    expect(r.headers['x-wp-total']).toBe('2');
    const [knife, pan] = r.json();
    expect(pan).toMatchObject({
      id: p.pan.id,
      name: 'Pan',
      on_sale: true,
      is_purchasable: true,
      is_in_stock: true,
      prices: {
        price: '1450',
        regular_price: '1999',
        sale_price: '1450',
        price_range: null,
        currency_code: 'USD',
        currency_symbol: '$',
        currency_minor_unit: 2,
        currency_prefix: '$',
      },
      add_to_cart: { text: 'Add to cart', description: 'Add to cart: “Pan”', minimum: 1 },
      extensions: { 'storeside-test': { gallery: ['video-of-pan'] } },
    });
    expect(pan.images[0]).toMatchObject({
      src: 'https://img.example/pan.jpg',
      thumbnail: 'https://img.example/pan.jpg',
    });
    expect(pan.categories[0]).toMatchObject({
      name: 'Kitchen',
      link: 'http://shop.test/product-category/kitchen/',
    });
    expect(knife).toMatchObject({
      type: 'variable',
      has_options: true,
      prices: { price: '3000', price_range: { min_amount: '3000', max_amount: '4500' } },
      add_to_cart: { text: 'Select options', description: 'Select options for “Knife”' },
      extensions: {},
    });
    expect(knife.variations).toHaveLength(2);
    expect(knife.variations[0].attributes).toEqual([{ name: 'Length', value: 'Short' }]);
  });

  it('should leave out the namespace of a failing extension provider instead of failing', async () => {
    t.ctx.shop.registerProductExtension('broken-ext', async () => {
      throw new Error('provider down');
    });
    const r = await t.app.inject({ method: 'GET', url: `/wp-json/wc/store/v1/products/${p.pan.id}` });
    expect(r.statusCode).toBe(200);
    expect(Object.keys(r.json().extensions)).toContain('storeside-test');
    expect(Object.keys(r.json().extensions)).not.toContain('broken-ext');
  });

  it('should read one published product and 404 a draft or unknown one', async () => {
    const ok = await t.app.inject({ method: 'GET', url: `/wp-json/wc/store/v1/products/${p.pan.id}` });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().extensions['storeside-test']).toBeDefined();
    const alias = await t.app.inject({ method: 'GET', url: `/wp-json/wc/store/products/${p.pan.id}` });
    expect(alias.statusCode).toBe(200);
    const draft = await t.app.inject({ method: 'GET', url: `/wp-json/wc/store/v1/products/${p.hidden.id}` });
    expect(draft.statusCode).toBe(404);
    expect(draft.json().code).toBe('woocommerce_rest_product_invalid_id');
    expect(
      (await t.app.inject({ method: 'GET', url: '/wp-json/wc/store/v1/products/999999' })).statusCode,
    ).toBe(404);
  });

  it('should list wc/store/v1 in the REST index with its own namespace index', async () => {
    const index = await t.app.inject({ method: 'GET', url: '/wp-json/' });
    expect(index.json().namespaces).toEqual(expect.arrayContaining(['wc/store/v1', 'wc/store', 'wc/v3']));
    const ns = await t.app.inject({ method: 'GET', url: '/wp-json/wc/store/v1' });
    expect(ns.statusCode).toBe(200);
    expect(Object.keys(ns.json().routes)).toContain('/wc/store/v1/products');
    const v3 = await t.app.inject({ method: 'GET', url: '/wp-json/wc/v3' });
    expect(Object.keys(v3.json().routes)).toContain('/wc/v3/products');
  });

  it('should filter by search and on_sale, and refuse bad input with 400', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/wp-json/wc/store/v1/products?on_sale=true' });
    expect(r.json().map((x: any) => x.name)).toEqual(['Pan']);
    const s = await t.app.inject({ method: 'GET', url: '/wp-json/wc/store/v1/products?search=kni' });
    expect(s.json().map((x: any) => x.name)).toEqual(['Knife']);
    const stock = await t.app.inject({
      method: 'GET',
      url: '/wp-json/wc/store/v1/products?stock_status[]=instock&stock_status[]=onbackorder',
    });
    expect(stock.json()).toHaveLength(2);
    const none = await t.app.inject({
      method: 'GET',
      url: '/wp-json/wc/store/v1/products?stock_status[]=outofstock',
    });
    expect(none.json()).toEqual([]);
    const bad = await t.app.inject({ method: 'GET', url: '/wp-json/wc/store/v1/products?per_page=0' });
    expect(bad.statusCode).toBe(400);
  });
});
