import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPtTestApp, type PtTestApp } from './pt-helpers.js';

let h: PtTestApp;
let shoes: number;
let hats: number;
let runner: number;
let variable: number;
beforeAll(async () => {
  h = await createPtTestApp();
  shoes = await h.category('Shoes');
  hats = await h.category('Hats');
  await h.category('Empty');
  runner = await h.product({
    name: 'Trail Running Shoe',
    sku: 'SHOE-RUN-1',
    regular_price: '80.00',
    categories: [{ id: shoes }],
    images: [{ src: 'https://cdn.test/runner.jpg' }],
  });
  await h.product({ name: 'Running Hat', sku: 'HAT-1', regular_price: '15.00', categories: [{ id: hats }] });
  await h.product({ name: 'Hidden draft shoe', sku: 'SHOE-DRAFT', regular_price: '1.00', status: 'draft' });
  variable = await h.product({
    name: 'Sale Tee',
    type: 'variable',
    sku: 'TEE',
    categories: [{ id: hats }],
    attributes: [{ name: 'Size', options: ['S', 'M'], variation: true }],
  });
  await h.variation(variable, {
    regular_price: '20.00',
    sale_price: '15.00',
    attributes: [{ name: 'Size', option: 'S' }],
  });
  await h.variation(variable, {
    regular_price: '20.00',
    sale_price: '16.00',
    attributes: [{ name: 'Size', option: 'M' }],
  });
  // Enough products that "the first 200 by title" would miss the late SKU.
  for (let i = 0; i < 210; i++)
    await h.product({
      name: `AAA filler ${String(i).padStart(3, '0')}`,
      sku: `FILL-${i}`,
      regular_price: '1.00',
    });
  await h.product({ name: 'ZZZ last', sku: 'ZLAST-77', regular_price: '2.00' });
}, 120_000);
afterAll(async () => h.t.close());

describe('GET /products', () => {
  it('should match every word of the name, case-insensitively, published only', async () => {
    const r = await h.api('GET', '/products?search=running%20SHOE');
    expect(r.statusCode).toBe(200);
    expect(r.json().map((p: { id: number }) => p.id)).toEqual([runner]);
    expect(r.headers['x-wp-total']).toBe('1');
    expect(r.json()[0]).toEqual({
      id: runner,
      name: 'Trail Running Shoe',
      sku: 'SHOE-RUN-1',
      price: '80.00',
      price_html: expect.stringContaining('80.00'),
      image: 'https://cdn.test/runner.jpg',
      type: 'simple',
      stock_status: 'instock',
    });
  });

  it('should find a product by exact id', async () => {
    const r = await h.api('GET', `/products?include=${variable}`);
    expect(r.json()).toHaveLength(1);
    expect(r.json()[0]).toMatchObject({ id: variable, type: 'variable', image: false });
  });

  it('should match SKUs exactly or by prefix over the whole catalog', async () => {
    expect((await h.api('GET', '/products?sku=ZLAST-77')).json().map((p: { sku: string }) => p.sku)).toEqual([
      'ZLAST-77',
    ]);
    expect((await h.api('GET', '/products?sku=zlast')).json().map((p: { sku: string }) => p.sku)).toEqual([
      'ZLAST-77',
    ]);
    const shoes = await h.api('GET', '/products?sku=SHOE');
    expect(shoes.json().map((p: { sku: string }) => p.sku)).toEqual(['SHOE-RUN-1']);
  });

  it('should page with limit and page and report the total', async () => {
    const r = await h.api('GET', '/products?sku=FILL-&limit=100&page=3');
    expect(r.statusCode).toBe(200);
    expect(r.json()).toHaveLength(10);
    expect(r.headers['x-wp-total']).toBe('210');
    expect(r.headers['x-wp-totalpages']).toBe('3');
    expect((await h.api('GET', '/products')).json()).toHaveLength(10);
  });

  it('should apply the WordPress _fields parameter', async () => {
    const r = await h.api('GET', '/products?sku=ZLAST-77&_fields=id,sku');
    expect(r.json()).toEqual([{ id: expect.any(Number), sku: 'ZLAST-77' }]);
  });

  it('should refuse a limit above 100 or below 1 with 400', async () => {
    expect((await h.api('GET', '/products?limit=101')).statusCode).toBe(400);
    expect((await h.api('GET', '/products?limit=0')).statusCode).toBe(400);
    expect((await h.api('GET', '/products?include=abc')).statusCode).toBe(400);
  });

  it('should refuse anonymous callers with 401 and customers with 403', async () => {
    expect((await h.api('GET', '/products', undefined, {})).statusCode).toBe(401);
    expect((await h.api('GET', '/products', undefined, h.customer)).statusCode).toBe(403);
  });
});

describe('GET /categories', () => {
  it('should list every category with its published-product count', async () => {
    const r = await h.api('GET', '/categories');
    expect(r.statusCode).toBe(200);
    const bySlug = Object.fromEntries(r.json().map((c: { slug: string }) => [c.slug, c]));
    expect(bySlug.shoes).toEqual({ id: shoes, name: 'Shoes', count: 1, slug: 'shoes' });
    expect(bySlug.hats).toMatchObject({ id: hats, count: 2 });
    expect(bySlug.empty).toMatchObject({ count: 0 });
  });

  it('should refuse anonymous callers with 401 and customers with 403', async () => {
    expect((await h.api('GET', '/categories', undefined, {})).statusCode).toBe(401);
    expect((await h.api('GET', '/categories', undefined, h.customer)).statusCode).toBe(403);
  });
});

describe('GET /source-stats', () => {
  it('should count published products and the categories holding them', async () => {
    // The products made without a category sit in the shop's default category, Uncategorized: the third.
    expect((await h.api('GET', '/source-stats?type=all')).json()).toEqual({ products: 214, categories: 3 });
    expect((await h.api('GET', '/source-stats')).json()).toEqual({ products: 214, categories: 3 });
  });

  it('should count a variable product on sale once, not per variation', async () => {
    expect((await h.api('GET', '/source-stats?type=sale')).json()).toEqual({ products: 1, categories: 1 });
  });

  it('should refuse an unknown type with 400', async () => {
    expect((await h.api('GET', '/source-stats?type=category')).statusCode).toBe(400);
  });

  it('should refuse anonymous callers with 401 and customers with 403', async () => {
    expect((await h.api('GET', '/source-stats', undefined, {})).statusCode).toBe(401);
    expect((await h.api('GET', '/source-stats', undefined, h.customer)).statusCode).toBe(403);
  });
});
