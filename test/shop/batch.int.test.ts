import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { adminHeaders, makeCategory, makeProduct, makeVariation } from './catalog-helpers.js';

let t: TestApp;
let admin: Record<string, string>;
let customer: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminHeaders(t);
  customer = await t.appPasswordHeader(await t.createUser({ role: 'customer' }));
});
afterAll(async () => t.close());

const batch = (url: string, payload: unknown, headers: Record<string, string> = admin) =>
  t.app.inject({ method: 'POST', url: `/wp-json/wc/v3/${url}`, headers, payload: payload as object });

const get = (url: string) => t.app.inject({ method: 'GET', url: `/wp-json/wc/v3/${url}`, headers: admin });

describe('POST /wc/v3/coupons/batch', () => {
  it('should create, update and delete coupons, each item answered by its own record or error', async () => {
    const seed = await batch('coupons/batch', {
      create: [
        { code: 'batch-a', amount: '5' },
        { code: 'batch-b', discount_type: 'percent', amount: '10' },
      ],
    });
    expect(seed.statusCode, seed.body).toBe(200);
    const [a, b] = seed.json().create;
    expect(a).toMatchObject({ code: 'batch-a', amount: '5.00' });
    const r = await batch('coupons/batch', {
      create: [{ code: 'batch-c', amount: '1' }, { code: 'batch-a' }, { amount: '2' }],
      update: [{ id: a.id, amount: '7' }, { id: 999999, amount: '1' }, { amount: '1' }],
      delete: [b.id, 999999],
    });
    expect(r.statusCode, r.body).toBe(200);
    const body = r.json();
    expect(body.create[0]).toMatchObject({ code: 'batch-c' });
    expect(body.create[1]).toMatchObject({ id: 0, error: { data: { status: 409 } } });
    expect(body.create[2]).toMatchObject({
      id: 0,
      error: { code: 'rest_invalid_param', data: { status: 400 } },
    });
    expect(body.create[2].error.data.params.code).toBeDefined();
    expect(body.update[0]).toMatchObject({ id: a.id, amount: '7.00' });
    expect(body.update[1]).toMatchObject({ id: 999999, error: { data: { status: 404 } } });
    expect(body.update[2]).toMatchObject({ id: 0, error: { code: 'woocommerce_rest_invalid_id' } });
    expect(body.delete[0]).toMatchObject({ id: b.id, code: 'batch-b' });
    expect(body.delete[1]).toMatchObject({ id: 999999, error: { data: { status: 404 } } });
    expect((await get(`coupons/${b.id}`)).statusCode).toBe(404);
    expect((await get(`coupons/${a.id}`)).json().amount).toBe('7.00');
  });

  it('should authorize each item as the caller when the caller uses a cookie and a nonce', async () => {
    const manager = await t.createUser({ role: 'shop_manager' });
    const session = await t.login(manager);
    const payload = { create: [{ code: 'by-cookie', amount: '1' }] };
    const withHeader = await batch('coupons/batch', payload, session.headers);
    expect(withHeader.statusCode, withHeader.body).toBe(200);
    expect(withHeader.json().create[0]).toMatchObject({ code: 'by-cookie' });
    const withQuery = await t.app.inject({
      method: 'POST',
      url: `/wp-json/wc/v3/coupons/batch?_wpnonce=${session.nonce}`,
      headers: { cookie: session.cookie },
      payload: { create: [{ code: 'by-query-nonce', amount: '1' }] },
    });
    expect(withQuery.statusCode, withQuery.body).toBe(200);
    expect(withQuery.json().create[0]).toMatchObject({ code: 'by-query-nonce' });
    expect((await batch('coupons/batch', payload, { cookie: session.cookie })).statusCode).toBe(401);
  });

  it('should refuse more than 100 items with 413 and change nothing', async () => {
    const create = Array.from({ length: 101 }, (_, i) => ({ code: `too-many-${i}`, amount: '1' }));
    const r = await batch('coupons/batch', { create });
    expect(r.statusCode).toBe(413);
    expect(r.json()).toMatchObject({
      code: 'woocommerce_rest_request_entity_too_large',
      data: { status: 413 },
    });
    expect((await get('coupons?search=too-many')).json()).toEqual([]);
  });

  it('should answer 401 without credentials and 403 to a customer, changing nothing', async () => {
    const payload = { create: [{ code: 'nobody', amount: '1' }] };
    expect((await batch('coupons/batch', payload, {})).statusCode).toBe(401);
    expect((await batch('coupons/batch', payload, customer)).statusCode).toBe(403);
    expect((await get('coupons?code=nobody')).json()).toEqual([]);
  });

  it('should refuse a body whose lists are not lists with 400 naming the field', async () => {
    const r = await batch('coupons/batch', { create: ['x'], delete: [{}] });
    expect(r.statusCode).toBe(400);
    expect(r.json().data.errors).toMatchObject({
      'create.0': expect.any(Object),
      'delete.0': expect.any(Object),
    });
  });
});

describe('POST /wc/v3/products/batch and variations/batch', () => {
  it('should create and update products and delete them for good', async () => {
    const old = await makeProduct(t, admin, { name: 'Old', regular_price: '3' });
    const r = await batch('products/batch', {
      create: [
        { name: 'Batch one', regular_price: '4' },
        { name: 'Bad', regular_price: 'abc' },
      ],
      update: [{ id: old.id, name: 'Renamed' }],
      delete: [old.id],
    });
    expect(r.statusCode, r.body).toBe(200);
    const body = r.json();
    expect(body.create[0]).toMatchObject({ name: 'Batch one', regular_price: expect.any(String) });
    expect(body.create[1]).toMatchObject({ id: 0, error: { data: { status: 400 } } });
    expect(body.update[0]).toMatchObject({ id: old.id, name: 'Renamed' });
    expect(body.delete[0]).toMatchObject({ id: old.id });
    expect((await get(`products/${old.id}`)).statusCode).toBe(404);
  });

  it("should batch a product's variations", async () => {
    const product = await makeProduct(t, admin, {
      name: 'Tee',
      type: 'variable',
      attributes: [{ name: 'Size', options: ['S', 'M'], variation: true }],
    });
    const v = await makeVariation(t, admin, product.id, {
      regular_price: '9',
      attributes: [{ name: 'Size', option: 'S' }],
    });
    const r = await batch(`products/${product.id}/variations/batch`, {
      create: [{ regular_price: '10', attributes: [{ name: 'Size', option: 'M' }] }],
      update: [{ id: v.id, regular_price: '11' }],
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().create[0]).toMatchObject({ regular_price: expect.stringMatching(/^10/) });
    expect(r.json().update[0]).toMatchObject({ id: v.id, regular_price: expect.stringMatching(/^11/) });
    expect((await batch('products/abc/variations/batch', {})).statusCode).toBe(404);
  });
});

describe('POST /wc/v3/products/categories/batch, reviews/batch, orders/batch', () => {
  it('should batch categories', async () => {
    const old = await makeCategory(t, admin, { name: 'Old cat' });
    const r = await batch('products/categories/batch', {
      create: [{ name: 'Batch cat' }],
      update: [{ id: old.id, name: 'New cat' }],
      delete: [old.id],
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().create[0]).toMatchObject({ name: 'Batch cat' });
    expect(r.json().update[0]).toMatchObject({ name: 'New cat' });
    expect(r.json().delete[0]).toMatchObject({ id: old.id });
  });

  it('should batch reviews', async () => {
    const product = await makeProduct(t, admin, { name: 'Reviewed', regular_price: '3' });
    const r = await batch('products/reviews/batch', {
      create: [
        {
          product_id: product.id,
          review: 'Great',
          reviewer: 'Ann',
          reviewer_email: 'ann@example.com',
          rating: 5,
        },
        { review: 'no product' },
      ],
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().create[0]).toMatchObject({ product_id: product.id, rating: 5 });
    expect(r.json().create[1]).toMatchObject({ id: 0, error: { data: { status: 400 } } });
  });

  it('should batch orders', async () => {
    const product = await makeProduct(t, admin, { name: 'Sold', regular_price: '3' });
    const r = await batch('orders/batch', {
      create: [{ line_items: [{ product_id: product.id, quantity: 2 }] }],
    });
    expect(r.statusCode, r.body).toBe(200);
    const created = r.json().create[0];
    expect(created).toMatchObject({ line_items: [{ product_id: product.id, quantity: 2 }] });
    const u = await batch('orders/batch', {
      update: [{ id: created.id, status: 'on-hold' }],
      delete: [created.id],
    });
    expect(u.statusCode, u.body).toBe(200);
    expect(u.json().update[0]).toMatchObject({ id: created.id, status: 'on-hold' });
    expect(u.json().delete[0]).toMatchObject({ id: created.id });
    expect((await get(`orders/${created.id}`)).statusCode).toBe(404);
  });
});
