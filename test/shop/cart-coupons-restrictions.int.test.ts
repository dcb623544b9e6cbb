import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formBrowser } from '../helpers/form-browser.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { guestToken, storePost } from './cart-helpers.js';

// Coupon restrictions WooCommerce clients set through wc/v3/coupons, enforced by the Store API cart, the
// storefront's cart form and checkout (see docs/shop.md, "Coupons").

type Json = Record<string, any>;

let t: TestApp;
let admin: Record<string, string>;
let clothing: number;
let shirts: number;
let food: number;
/** 20.00 in Shirts (under Clothing). */
let shirt: number;
/** 10.00, on sale from 12.00, in Food. */
let cake: number;
/** 5.00 in Food. */
let bread: number;

beforeAll(async () => {
  t = await createTestApp({ options: { extensions: [] } });
  admin = await t.appPasswordHeader(await t.createUser({ role: 'administrator' }));
  clothing = (await wc('POST', '/products/categories', { name: 'Clothing' })).id;
  shirts = (await wc('POST', '/products/categories', { name: 'Shirts', parent: clothing })).id;
  food = (await wc('POST', '/products/categories', { name: 'Food' })).id;
  shirt = (
    await wc('POST', '/products', { name: 'Shirt', regular_price: '20.00', categories: [{ id: shirts }] })
  ).id;
  cake = (
    await wc('POST', '/products', {
      name: 'Cake',
      regular_price: '12.00',
      sale_price: '10.00',
      categories: [{ id: food }],
    })
  ).id;
  bread = (
    await wc('POST', '/products', { name: 'Bread', regular_price: '5.00', categories: [{ id: food }] })
  ).id;
});
afterAll(async () => t.close());

async function wc(method: 'GET' | 'POST' | 'PUT', path: string, payload?: object): Promise<Json> {
  const r = await t.app.inject({ method, url: `/wp-json/wc/v3${path}`, headers: admin, payload });
  expect(r.statusCode, r.body).toBeLessThan(300);
  return r.json();
}

async function cart(lines: Array<[number, number]>): Promise<string> {
  const token = await guestToken(t);
  for (const [id, quantity] of lines)
    expect((await storePost(t, 'cart/add-item', token, { id, quantity })).statusCode).toBe(201);
  return token;
}

async function refused(token: string, code: string, message: string): Promise<void> {
  const r = await storePost(t, 'cart/apply-coupon', token, { code });
  expect(r.statusCode, r.body).toBe(400);
  expect(r.json()).toMatchObject({ code: 'woocommerce_rest_cart_coupon_error', message });
}

async function applied(token: string, code: string): Promise<Json> {
  const r = await storePost(t, 'cart/apply-coupon', token, { code });
  expect(r.statusCode, r.body).toBe(200);
  return r.json();
}

const checkout = (token: string, email: string) =>
  storePost(t, 'checkout', token, {
    billing_address: { email, first_name: 'Ann', last_name: 'Lee' },
    payment_method: 'cod',
  });

describe('wc/v3/coupons restriction fields', () => {
  it('should store and return every restriction field in WooCommerce shape, and update them', async () => {
    const created = await wc('POST', '/coupons', {
      code: 'ALLFIELDS',
      discount_type: 'fixed_product',
      amount: '2.5',
      minimum_amount: '50',
      maximum_amount: 200,
      usage_limit_per_user: 2,
      limit_usage_to_x_items: 3,
      product_ids: [shirt, shirt],
      excluded_product_ids: [bread],
      product_categories: [clothing],
      excluded_product_categories: [food],
      exclude_sale_items: true,
      free_shipping: true,
      email_restrictions: ['*@Example.com'],
    });
    expect(created).toMatchObject({
      code: 'allfields',
      discount_type: 'fixed_product',
      amount: '2.50',
      minimum_amount: '50.00',
      maximum_amount: '200.00',
      usage_limit_per_user: 2,
      limit_usage_to_x_items: 3,
      product_ids: [shirt],
      excluded_product_ids: [bread],
      product_categories: [clothing],
      excluded_product_categories: [food],
      exclude_sale_items: true,
      free_shipping: true,
      email_restrictions: ['*@example.com'],
      used_by: [],
    });
    const updated = await wc('PUT', `/coupons/${created.id}`, {
      minimum_amount: '',
      usage_limit_per_user: null,
      limit_usage_to_x_items: 0,
      product_ids: [],
      free_shipping: false,
    });
    expect(updated).toMatchObject({
      minimum_amount: '0.00',
      maximum_amount: '200.00',
      usage_limit_per_user: null,
      limit_usage_to_x_items: null,
      product_ids: [],
      excluded_product_ids: [bread],
      free_shipping: false,
    });
    const fresh = await wc('POST', '/coupons', { code: 'DEFAULTS' });
    expect(fresh).toMatchObject({
      discount_type: 'fixed_cart',
      minimum_amount: '0.00',
      maximum_amount: '0.00',
      usage_limit_per_user: null,
      limit_usage_to_x_items: null,
      exclude_sale_items: false,
      free_shipping: false,
      used_by: [],
    });
  });

  it('should refuse bad restriction fields with 400 naming the field, and change nothing', async () => {
    const bad: Array<[object, string]> = [
      [{ code: 'b1', minimum_amount: '30', maximum_amount: '20' }, 'maximum_amount'],
      [{ code: 'b2', minimum_amount: 'ten' }, 'minimum_amount'],
      [{ code: 'b3', product_ids: [0] }, 'product_ids'],
      [{ code: 'b4', usage_limit_per_user: -1 }, 'usage_limit_per_user'],
      [{ code: 'b5', discount_type: 'fixed_basket' }, 'discount_type'],
    ];
    for (const [body, field] of bad) {
      const r = await t.app.inject({
        method: 'POST',
        url: '/wp-json/wc/v3/coupons',
        headers: admin,
        payload: body,
      });
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json().code).toBe('rest_invalid_param');
      expect(
        Object.keys(r.json().data.params).some((k) => k.startsWith(field)),
        r.body,
      ).toBe(true);
    }
    const list = await wc('GET', '/coupons?search=b');
    expect(list.filter((c: Json) => /^b\d$/.test(c.code))).toEqual([]);
  });

  it('should create and update restriction fields through the batch route', async () => {
    const r = await wc('POST', '/coupons/batch', {
      create: [
        { code: 'BATCHMIN', discount_type: 'percent', amount: '5', minimum_amount: '12.30' },
        { code: 'BATCHBAD', minimum_amount: 'x' },
      ],
    });
    expect(r.create[0]).toMatchObject({ code: 'batchmin', minimum_amount: '12.30' });
    expect(r.create[1].error).toMatchObject({ code: 'rest_invalid_param' });
    const u = await wc('POST', '/coupons/batch', {
      update: [{ id: r.create[0].id, exclude_sale_items: true }],
    });
    expect(u.update[0]).toMatchObject({ exclude_sale_items: true, minimum_amount: '12.30' });
  });
});

describe('cart enforcement', () => {
  it('should refuse a coupon below its minimum or above its maximum spend', async () => {
    await wc('POST', '/coupons', { code: 'MIN50', amount: '5', minimum_amount: '50.00' });
    await wc('POST', '/coupons', { code: 'MAX30', amount: '5', maximum_amount: '30.00' });
    const small = await cart([[shirt, 1]]);
    await refused(small, 'min50', 'The minimum spend for this coupon is $50.00.');
    expect((await applied(small, 'max30')).totals.total_price).toBe('1500');
    const big = await cart([[shirt, 3]]);
    await refused(big, 'max30', 'The maximum spend for this coupon is $30.00.');
    expect((await applied(big, 'min50')).totals.total_price).toBe('5500');
  });

  it('should discount only the products and categories (with subcategories) a coupon is for', async () => {
    await wc('POST', '/coupons', {
      code: 'CLOTH10',
      discount_type: 'percent',
      amount: '10',
      product_categories: [clothing],
    });
    await wc('POST', '/coupons', {
      code: 'BREADONLY',
      discount_type: 'percent',
      amount: '50',
      product_ids: [bread],
    });
    const token = await cart([
      [shirt, 1],
      [bread, 2],
    ]);
    const withCloth = await applied(token, 'cloth10');
    expect(withCloth.items.map((i: Json) => i.totals.line_total)).toEqual(['1800', '1000']);
    const both = await applied(token, 'breadonly');
    expect(both.items.map((i: Json) => i.totals.line_total)).toEqual(['1800', '500']);
    expect(both.totals).toMatchObject({ total_discount: '700', total_price: '2300' });
    const shirtsOnly = await cart([[shirt, 1]]);
    await refused(shirtsOnly, 'breadonly', 'Sorry, this coupon is not applicable to selected products.');
  });

  it('should apply fixed_product per item up to limit_usage_to_x_items, dearest first', async () => {
    await wc('POST', '/coupons', {
      code: 'TWOOFF',
      discount_type: 'fixed_product',
      amount: '2',
      limit_usage_to_x_items: 3,
    });
    const token = await cart([
      [bread, 4],
      [shirt, 2],
    ]);
    const result = await applied(token, 'twooff');
    // Both shirts and one loaf: 3 × 2.00.
    expect(result.items.map((i: Json) => i.totals.line_total)).toEqual(['1800', '3600']);
    expect(result.coupons[0]).toMatchObject({ code: 'twooff', discount_type: 'fixed_product' });
    expect(result.totals.total_discount).toBe('600');
  });

  it('should keep sale items and excluded products and categories out, as WooCommerce does per type', async () => {
    await wc('POST', '/coupons', {
      code: 'NOSALEPC',
      discount_type: 'percent',
      amount: '50',
      exclude_sale_items: true,
    });
    await wc('POST', '/coupons', { code: 'NOSALECART', amount: '1', exclude_sale_items: true });
    await wc('POST', '/coupons', { code: 'NOBREAD', amount: '1', excluded_product_ids: [bread] });
    await wc('POST', '/coupons', { code: 'NOFOOD', amount: '1', excluded_product_categories: [food] });
    const cakeOnly = await cart([[cake, 1]]);
    await refused(cakeOnly, 'nosalepc', 'Sorry, this coupon is not applicable to selected products.');
    await refused(cakeOnly, 'nosalecart', 'Sorry, this coupon is not valid for sale items.');
    const mixed = await cart([
      [cake, 1],
      [bread, 2],
    ]);
    const half = await applied(mixed, 'nosalepc');
    expect(half.items.map((i: Json) => i.totals.line_total)).toEqual(['1000', '500']);
    await refused(mixed, 'nobread', 'Sorry, this coupon is not applicable to the products: Bread.');
    await refused(mixed, 'nofood', 'Sorry, this coupon is not applicable to the categories: Food.');
  });

  it('should refuse a restricted coupon through the storefront cart form too', async () => {
    await wc('POST', '/coupons', { code: 'FORMMIN', amount: '1', minimum_amount: '100' });
    const v = formBrowser(t);
    await v.post('/cart/', { 'add-to-cart': String(bread), quantity: '1' });
    const page = await v.get('/cart/');
    const nonce = page.body.match(/name="_wpnonce" value="([0-9a-f]{10})"/)![1]!;
    const r = await v.post('/cart/', { _wpnonce: nonce, coupon_code: 'formmin', apply_coupon: '1' });
    expect(r.statusCode).toBe(400);
    expect(r.body).toContain('The minimum spend for this coupon is $100.00.');
  });

  it('should list a coupon that no longer fits the cart as an error and refuse checkout with it', async () => {
    await wc('POST', '/coupons', { code: 'MIN30', amount: '3', minimum_amount: '30' });
    const token = await cart([[shirt, 2]]);
    await applied(token, 'min30');
    const key = (
      await t.app.inject({
        method: 'GET',
        url: '/wp-json/wc/store/v1/cart',
        headers: { 'cart-token': token },
      })
    ).json().items[0].key;
    const smaller = (await storePost(t, 'cart/update-item', token, { key, quantity: 1 })).json();
    expect(smaller.totals.total_discount).toBe('0');
    expect(smaller.errors[0]).toMatchObject({
      code: 'woocommerce_rest_cart_coupon_error',
      message: 'The minimum spend for this coupon is $30.00.',
    });
    const r = await checkout(token, 'min@example.com');
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toBe('The minimum spend for this coupon is $30.00.');
  });
});

describe('e-mail restrictions, per-customer limits and used_by', () => {
  it('should check e-mail restrictions against the billing e-mail at checkout', async () => {
    await wc('POST', '/coupons', { code: 'STAFF', amount: '1', email_restrictions: ['*@staff.test'] });
    const token = await cart([[bread, 1]]);
    await applied(token, 'staff');
    const wrong = await checkout(token, 'ann@example.com');
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json()).toMatchObject({
      code: 'woocommerce_rest_cart_coupon_error',
      message: 'Sorry, it seems the coupon "staff" is not yours.',
    });
    const right = await checkout(token, 'Ann@Staff.test');
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json().totals.total_discount).toBe('100');
  });

  it('should record used_by once per order and refuse a customer past usage_limit_per_user', async () => {
    const created = await wc('POST', '/coupons', { code: 'ONCEEACH', amount: '1', usage_limit_per_user: 1 });
    const first = await cart([[bread, 1]]);
    await applied(first, 'onceeach');
    expect((await checkout(first, 'Bea@Example.com')).statusCode).toBe(200);
    const second = await cart([[bread, 1]]);
    await applied(second, 'onceeach');
    const again = await checkout(second, 'bea@example.com');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Coupon usage limit has been reached.');
    expect((await checkout(second, 'cy@example.com')).statusCode).toBe(200);
    const customer = await t.createUser({ role: 'customer' });
    const order = await wc('POST', '/orders', {
      customer_id: customer.id,
      billing: { email: 'dee@example.com' },
      line_items: [{ product_id: bread, quantity: 1 }],
      coupon_lines: [{ code: 'onceeach' }],
    });
    const seen = await wc('GET', `/coupons/${created.id}`);
    expect(seen).toMatchObject({
      usage_count: 3,
      used_by: ['bea@example.com', 'cy@example.com', String(customer.id)],
    });
    await wc('PUT', `/orders/${order.id}`, { status: 'cancelled' });
    expect(await wc('GET', `/coupons/${created.id}`)).toMatchObject({
      usage_count: 2,
      used_by: ['bea@example.com', 'cy@example.com'],
    });
  });

  it('should refuse a logged-in customer at apply time once their user id used up the coupon', async () => {
    await wc('POST', '/coupons', { code: 'MEMBER', amount: '1', usage_limit_per_user: 1 });
    const user = await t.createUser({ role: 'customer' });
    const session = await t.login(user);
    const store = (path: string, payload: object) =>
      t.app.inject({
        method: 'POST',
        url: `/wp-json/wc/store/v1/${path}`,
        headers: session.headers,
        payload,
      });
    expect((await store('cart/add-item', { id: bread, quantity: 1 })).statusCode).toBe(201);
    expect((await store('cart/apply-coupon', { code: 'member' })).statusCode).toBe(200);
    const bought = await store('checkout', {
      billing_address: { email: 'other-address@example.com', first_name: 'Eve', last_name: 'Moe' },
      payment_method: 'cod',
    });
    expect(bought.statusCode, bought.body).toBe(200);
    expect((await store('cart/add-item', { id: bread, quantity: 1 })).statusCode).toBe(201);
    const again = await store('cart/apply-coupon', { code: 'member' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      code: 'woocommerce_rest_cart_coupon_error',
      message: 'Coupon usage limit has been reached.',
    });
  });

  it('should let only one of concurrent checkouts by one customer use a once-per-customer coupon', async () => {
    const created = await wc('POST', '/coupons', { code: 'RACE', amount: '1', usage_limit_per_user: 1 });
    const tokens = await Promise.all([1, 2, 3].map(() => cart([[bread, 1]])));
    for (const token of tokens) await applied(token, 'race');
    const results = await Promise.all(tokens.map((token) => checkout(token, 'racer@example.com')));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await wc('GET', `/coupons/${created.id}`)).toMatchObject({
      usage_count: 1,
      used_by: ['racer@example.com'],
    });
  });
});

describe('wc/v3 orders with coupon_lines', () => {
  it('should check the restrictions and discount only eligible lines, as the cart does', async () => {
    await wc('POST', '/coupons', { code: 'ORDERMIN', amount: '1', minimum_amount: '100' });
    await wc('POST', '/coupons', {
      code: 'FOODPC',
      discount_type: 'percent',
      amount: '10',
      product_categories: [food],
    });
    const r = await t.app.inject({
      method: 'POST',
      url: '/wp-json/wc/v3/orders',
      headers: admin,
      payload: { line_items: [{ product_id: bread, quantity: 1 }], coupon_lines: [{ code: 'ordermin' }] },
    });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({
      code: 'woocommerce_rest_invalid_coupon',
      message: 'The minimum spend for this coupon is $100.00.',
    });
    const order = await wc('POST', '/orders', {
      line_items: [
        { product_id: shirt, quantity: 1 },
        { product_id: bread, quantity: 2 },
      ],
      coupon_lines: [{ code: 'foodpc' }],
    });
    expect(order.line_items.map((l: Json) => l.total)).toEqual(['20.00', '9.00']);
    expect(order.discount_total).toBe('1.00');
  });
});
