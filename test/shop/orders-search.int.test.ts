import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { seedProduct } from './cart-helpers.js';

// `GET /wc/v3/orders?search=` matches billing and shipping names, company, e-mail, phone, address lines and
// line-item names (WooCommerce's order search), through the search-term index.

type Json = Record<string, any>;

let t: TestApp;
let admin: Record<string, string>;
let customer: Record<string, string>;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp({ options: { extensions: [] } });
  admin = await t.appPasswordHeader(await t.createUser({ role: 'shop_manager' }));
  customer = await t.appPasswordHeader(await t.createUser({ role: 'customer' }));
  const kettle = await seedProduct(t, { name: 'Copper Kettle', price: 4000 });
  const mug = await seedProduct(t, { name: 'Blue Mug', price: 900 });
  const orders: Record<string, Json> = {
    zoe: {
      billing: {
        first_name: 'Zoë',
        last_name: 'Marchetti',
        company: 'Acme Roasters',
        email: 'zoe.m@roast.example',
        phone: '+1 (555) 010-4477',
        address_1: '12 Harbour Lane',
        city: 'Portsmouth',
      },
      line_items: [{ product_id: kettle }],
    },
    ivan: {
      billing: { first_name: 'Ivan', last_name: 'Petrov', email: 'ivan@example.com' },
      shipping: {
        first_name: 'Olga',
        last_name: 'Sokolova',
        company: 'Gift Corner',
        address_1: '9 Birch Street',
        phone: '020 7946 0321',
      },
      line_items: [{ product_id: mug, quantity: 2 }],
    },
    deleted: {
      billing: { first_name: 'Maria', email: 'maria@example.com' },
      line_items: [{ product_id: 555555, name: 'Vintage Teapot', price: '30' }],
    },
  };
  for (const [key, payload] of Object.entries(orders)) {
    const r = await t.app.inject({ method: 'POST', url: '/wp-json/wc/v3/orders', headers: admin, payload });
    expect(r.statusCode, r.body).toBe(201);
    ids[key] = r.json().id;
  }
});
afterAll(async () => t.close());

async function search(term: string): Promise<number[]> {
  const r = await t.app.inject({
    method: 'GET',
    url: `/wp-json/wc/v3/orders?per_page=100&search=${encodeURIComponent(term)}`,
    headers: admin,
  });
  expect(r.statusCode, r.body).toBe(200);
  expect(Number(r.headers['x-wp-total'])).toBe(r.json().length);
  return r.json().map((o: Json) => o.id);
}

describe('GET /wc/v3/orders?search=', () => {
  it('should answer 401 without credentials and 403 to a customer', async () => {
    const url = '/wp-json/wc/v3/orders?search=zoe';
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url, headers: customer })).statusCode).toBe(403);
  });

  it('should match billing names, company, e-mail, phone and address lines', async () => {
    for (const term of [
      'zoe',
      'ZOË marchetti',
      'march',
      'acme',
      'zoe.m@roast',
      'roast.example',
      '555-010',
      '4477',
      'harbour lane',
      'portsmouth',
    ])
      expect(await search(term), term).toEqual([ids.zoe]);
  });

  it('should match shipping names, company, phone and address lines', async () => {
    for (const term of ['olga', 'sokolova', 'gift corner', '7946 0321', 'birch'])
      expect(await search(term), term).toEqual([ids.ivan]);
  });

  it('should match line-item names, also of products that no longer exist', async () => {
    expect(await search('kettle')).toEqual([ids.zoe]);
    expect(await search('blue mug')).toEqual([ids.ivan]);
    expect(await search('teapot')).toEqual([ids.deleted]);
  });

  it('should match the order number and need every word to match', async () => {
    expect(await search(`#${ids.ivan}`)).toEqual([ids.ivan]);
    expect(await search('example.com')).toEqual([ids.deleted, ids.ivan]);
    expect(await search('ivan kettle')).toEqual([]);
    expect(await search('nobody')).toEqual([]);
    expect(await search('%')).toEqual([]);
  });

  it('should follow billing and shipping changes', async () => {
    const r = await t.app.inject({
      method: 'PUT',
      url: `/wp-json/wc/v3/orders/${ids.ivan}`,
      headers: admin,
      payload: { shipping: { last_name: 'Ivanova' }, billing: { company: 'Northwind' } },
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().shipping).toMatchObject({ first_name: 'Olga', last_name: 'Ivanova' });
    expect(await search('sokolova')).toEqual([]);
    expect(await search('ivanova')).toEqual([ids.ivan]);
    expect(await search('northwind olga')).toEqual([ids.ivan]);
  });

  it('should index orders that have no search terms yet (orders from before the index) once', async () => {
    await t.ctx.db.deleteFrom('shop_order_search_terms').execute();
    await t.ctx.options.set('shop_order_search_terms_indexed', false);
    expect(await search('teapot')).toEqual([]);
    await t.modules.find((m) => m.name === 'shop')!.setup!(t.ctx);
    expect(await search('teapot')).toEqual([ids.deleted]);
    expect(await search('olga')).toEqual([ids.ivan]);
  });
});
