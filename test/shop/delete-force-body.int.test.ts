import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

// WooCommerce clients send `DELETE …` with `{"force": true}` as the JSON body as often as `?force=true`;
// WordPress reads the parameter from either. Every wc/v3 resource takes it both ways.

type Json = Record<string, any>;

let t: TestApp;
let admin: Record<string, string>;
let customer: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({ options: { extensions: [] } });
  admin = await t.appPasswordHeader(await t.createUser({ role: 'administrator' }));
  customer = await t.appPasswordHeader(await t.createUser({ role: 'customer' }));
});
afterAll(async () => t.close());

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: Json, headers = admin) =>
  t.app.inject({ method, url: `/wp-json/wc/v3/${url}`, headers, ...(payload ? { payload } : {}) });

async function create(url: string, payload: Json): Promise<number> {
  const r = await call('POST', url, payload);
  expect(r.statusCode, r.body).toBe(201);
  return r.json().id;
}

async function product(): Promise<number> {
  return create('products', { name: 'Lamp', regular_price: '20' });
}

async function paidOrder(): Promise<number> {
  return create('orders', { line_items: [{ product_id: await product(), quantity: 1 }], set_paid: true });
}

// Each resource: a fresh one's URL (deleted with the body's force) and how to read it back.
const resources: Record<string, () => Promise<{ url: string; read: string }>> = {
  products: async () => {
    const id = await product();
    return { url: `products/${id}`, read: `products/${id}` };
  },
  variations: async () => {
    const parent = await create('products', {
      name: 'Shirt',
      type: 'variable',
      attributes: [{ name: 'Size', options: ['S', 'M'], variation: true }],
    });
    const id = await create(`products/${parent}/variations`, {
      regular_price: '9',
      attributes: [{ name: 'Size', option: 'S' }],
    });
    return { url: `products/${parent}/variations/${id}`, read: `products/${parent}/variations/${id}` };
  },
  categories: async () => {
    const id = await create('products/categories', { name: `Lighting ${Math.random()}` });
    return { url: `products/categories/${id}`, read: `products/categories/${id}` };
  },
  reviews: async () => {
    const id = await create('products/reviews', {
      product_id: await product(),
      review: 'Bright.',
      reviewer: 'Ann',
      reviewer_email: 'ann@example.com',
      rating: 5,
    });
    return { url: `products/reviews/${id}`, read: `products/reviews/${id}` };
  },
  coupons: async () => {
    const id = await create('coupons', {
      code: `save${Date.now()}`,
      amount: '1',
      discount_type: 'fixed_cart',
    });
    return { url: `coupons/${id}`, read: `coupons/${id}` };
  },
  customers: async () => {
    const id = await create('customers', { email: `c${Date.now()}@example.com` });
    return { url: `customers/${id}`, read: `customers/${id}` };
  },
  orders: async () => {
    const id = await create('orders', {});
    return { url: `orders/${id}`, read: `orders/${id}` };
  },
  'order notes': async () => {
    const order = await create('orders', {});
    const id = await create(`orders/${order}/notes`, { note: 'Called the customer.' });
    return { url: `orders/${order}/notes/${id}`, read: `orders/${order}/notes/${id}` };
  },
  refunds: async () => {
    const order = await paidOrder();
    const id = await create(`orders/${order}/refunds`, { amount: '1.00' });
    return { url: `orders/${order}/refunds/${id}`, read: `orders/${order}/refunds/${id}` };
  },
};

describe('DELETE /wc/v3/… with force in the JSON body', () => {
  for (const [name, make] of Object.entries(resources))
    it(`should delete ${name} for good when the body says force: true`, async () => {
      const { url, read } = await make();
      const r = await call('DELETE', url, { force: true });
      expect(r.statusCode, r.body).toBe(200);
      expect((await call('GET', read)).statusCode).toBe(404);
    });

  it('should answer 401 without credentials and 403 to a customer, deleting nothing', async () => {
    const { url, read } = await resources.products!();
    const anonymous = await t.app.inject({
      method: 'DELETE',
      url: `/wp-json/wc/v3/${url}`,
      payload: { force: true },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await call('DELETE', url, { force: true }, customer)).statusCode).toBe(403);
    expect((await call('GET', read)).statusCode).toBe(200);
  });

  it('should let the query string win, and keep the trash rule when neither says force', async () => {
    const { url, read } = await resources.products!();
    expect((await call('DELETE', `${url}?force=false`, { force: true })).statusCode).toBe(501);
    expect((await call('DELETE', url, {})).statusCode).toBe(501);
    expect((await call('GET', read)).statusCode).toBe(200);
    const order = await resources.orders!();
    const trashed = await call('DELETE', order.url, { force: false });
    expect(trashed.json().status).toBe('trash');
  });

  it('should refuse a force that is not a boolean with 400 naming it, deleting nothing', async () => {
    const { url, read } = await resources.refunds!();
    const r = await call('DELETE', url, { force: 'sometimes' });
    expect(r.statusCode).toBe(400);
    expect(r.json().data.params).toHaveProperty('force');
    expect((await call('GET', read)).statusCode).toBe(200);
  });

  it('should take reassign from the body too when deleting a customer', async () => {
    const heir = await create('customers', { email: 'heir@example.com' });
    const leaving = await create('customers', { email: 'leaving@example.com' });
    const order = await create('orders', { customer_id: leaving });
    const r = await call('DELETE', `customers/${leaving}`, { force: true, reassign: heir });
    expect(r.statusCode, r.body).toBe(200);
    expect((await call('GET', `orders/${order}`)).json().customer_id).toBe(heir);
  });
});
