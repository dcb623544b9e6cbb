import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPtTestApp, type PtTestApp } from './pt-helpers.js';

let h: PtTestApp;
beforeAll(async () => {
  h = await createPtTestApp();
  const cat = await h.category('Shirts');
  await h.product({ name: 'Plain shirt', regular_price: '20.00', categories: [{ id: cat }] });
  await h.product({
    name: 'Sale shirt',
    regular_price: '20.00',
    sale_price: '12.00',
    categories: [{ id: cat }],
  });
});
afterAll(async () => h.t.close());

describe('storeside demo', () => {
  it('should create two published demo tables once, however often it runs', async () => {
    const lines: string[] = [];
    await h.t.ctx.events.emit('shop.demo.seeded', { print: (l) => lines.push(l), withFakes: false });
    await h.t.ctx.events.emit('shop.demo.seeded', { print: (l) => lines.push(l), withFakes: false });
    const tables = (await h.api('GET', '/tables')).json();
    expect(tables.map((t: { title: string }) => t.title).sort()).toEqual([
      'Demo: full catalog',
      'Demo: on sale',
    ]);
    expect(tables.every((t: { status: string }) => t.status === 'publish')).toBe(true);
    const ours = lines.filter((l) => l.startsWith('Product table'));
    expect(ours).toHaveLength(4);
    expect(ours[0]).toMatch(/^Product table "Demo: full catalog": http:\/\/shop\.test\/product-table\/\d+/);
    const sale = tables.find((t: { title: string }) => t.title === 'Demo: on sale');
    expect(sale.product_count).toBe(1);
    const page = await h.t.app.inject({ method: 'GET', url: `/product-table/${sale.id}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Sale shirt');
    expect(page.body).not.toContain('Plain shirt');
  });
});
