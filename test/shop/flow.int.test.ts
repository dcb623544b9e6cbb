import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventName } from '../../src/platform/events/event-bus.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

// The whole shop as a shopper and an admin use it, over HTTP only: catalog → guest cart → register → login
// (guest cart merged) → variation + coupon → checkout → admin completes → partial refund → full refund.
let t: TestApp;
let admin: { cookie: string; nonce: string; headers: Record<string, string> };
const seen: string[] = [];

type Json = Record<string, any>;

beforeAll(async () => {
  t = await createTestApp({ options: { extensions: [] } });
  const events: EventName[] = [
    'customer.registered',
    'user.logged_in',
    'cart.updated',
    'order.created',
    'order.status_changed',
    'order.refunded',
  ];
  for (const name of events)
    t.ctx.events.on(name, (payload: any) => {
      if (name === 'order.status_changed') seen.push(`${name}:${payload.from}->${payload.to}`);
      else if (name === 'order.refunded')
        seen.push(`${name}:${payload.refund.amount}/${payload.refunded_total}`);
      else if (name === 'cart.updated') seen.push(`${name}:${payload.cart.items.length}`);
      else if (name === 'order.created') seen.push(`${name}:${payload.order.status}`);
      else seen.push(name);
    });
  admin = await t.login(await t.createUser({ role: 'administrator' }));
});
afterAll(async () => t.close());

async function call(method: string, url: string, headers: Record<string, string>, payload?: Json) {
  return t.app.inject({ method: method as 'GET', url: `/wp-json${url}`, headers, payload });
}

async function expectOk(
  method: string,
  url: string,
  headers: Record<string, string>,
  payload?: Json,
  status = 200,
) {
  const r = await call(method, url, headers, payload);
  expect(r.statusCode, `${method} ${url}: ${r.body}`).toBe(status);
  return r;
}

describe('the shop, end to end over HTTP', () => {
  it('should walk register → cart → coupon → checkout → complete → refunds with exact totals and events', async () => {
    seen.length = 0;
    // Admin builds the catalog and a coupon.
    const tee = (
      await expectOk(
        'POST',
        '/wc/v3/products',
        admin.headers,
        {
          name: 'Tee',
          regular_price: '19.99',
          manage_stock: true,
          stock_quantity: 10,
        },
        201,
      )
    ).json();
    const hoodie = (
      await expectOk(
        'POST',
        '/wc/v3/products',
        admin.headers,
        {
          name: 'Hoodie',
          type: 'variable',
          attributes: [{ name: 'Size', options: ['S', 'M'], variation: true }],
        },
        201,
      )
    ).json();
    for (const [size, price] of [
      ['S', '30.00'],
      ['M', '32.50'],
    ])
      await expectOk(
        'POST',
        `/wc/v3/products/${hoodie.id}/variations`,
        admin.headers,
        {
          regular_price: price,
          manage_stock: true,
          stock_quantity: 5,
          attributes: [{ name: 'Size', option: size }],
        },
        201,
      );
    const medium = (await expectOk('GET', `/wc/v3/products/${hoodie.id}/variations`, admin.headers))
      .json()
      .find((v: Json) => v.attributes[0].option === 'M');
    await expectOk(
      'POST',
      '/wc/v3/coupons',
      admin.headers,
      { code: 'WELCOME10', discount_type: 'percent', amount: '10' },
      201,
    );

    // A guest fills a cart with a Cart-Token.
    const guest = (await expectOk('GET', '/wc/store/v1/cart', {})).headers['cart-token'] as string;
    await expectOk(
      'POST',
      '/wc/store/v1/cart/add-item',
      { 'cart-token': guest },
      { id: tee.id, quantity: 2 },
      201,
    );

    // Bad input from the guest changes nothing.
    const unknown = await call(
      'POST',
      '/wc/store/v1/cart/add-item',
      { 'cart-token': guest },
      { id: 987654, quantity: 1 },
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('woocommerce_rest_cart_invalid_product');
    const zero = await call(
      'POST',
      '/wc/store/v1/cart/add-item',
      { 'cart-token': guest },
      { id: tee.id, quantity: 0 },
    );
    expect(zero.statusCode).toBe(400);
    expect((await expectOk('GET', '/wc/store/v1/cart', { 'cart-token': guest })).json().items_count).toBe(2);

    // The guest registers with the Cart-Token: logged in at once, the guest cart becomes the customer's.
    const registered = await expectOk(
      'POST',
      '/auth/v1/register',
      { 'cart-token': guest },
      { email: 'dana@example.com', password: 'dana-password-1' },
      201,
    );
    const cookie = registered.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const dana = { cookie, 'x-wp-nonce': registered.json().nonce as string };
    const danaId = registered.json().user.id as number;
    expect((await expectOk('GET', '/wc/store/v1/cart', { cookie })).json().items_count).toBe(2);

    // The stale guest token is refused and changes nothing.
    const stale = await call(
      'POST',
      '/wc/store/v1/cart/add-item',
      { 'cart-token': guest },
      { id: tee.id, quantity: 1 },
    );
    expect(stale.statusCode).toBe(401);
    expect(stale.json().code).toBe('woocommerce_rest_cart_token_invalid');

    // The customer adds a variation (by its options) and applies the coupon.
    await expectOk(
      'POST',
      '/wc/store/v1/cart/add-item',
      dana,
      {
        id: hoodie.id,
        quantity: 1,
        variation: [{ attribute: 'Size', value: 'M' }],
      },
      201,
    );
    const cart = (
      await expectOk('POST', '/wc/store/v1/cart/apply-coupon', dana, { code: 'welcome10' })
    ).json();
    // 2 × 19.99 + 32.50 = 72.48; 10 % = 7.248 → 7.25; to pay 65.23.
    expect(cart.totals).toMatchObject({ total_items: '7248', total_discount: '725', total_price: '6523' });
    expect(cart.items.map((i: Json) => i.totals.line_total)).toEqual(['3598', '2925']);

    // Checkout (cash on delivery → processing): stock taken, cart emptied.
    const placed = (
      await expectOk('POST', '/wc/store/v1/checkout', dana, {
        billing_address: { email: 'dana@example.com', first_name: 'Dana', last_name: 'Reyes' },
        payment_method: 'cod',
      })
    ).json();
    expect(placed).toMatchObject({ status: 'processing', customer_id: danaId });
    expect((await expectOk('GET', '/wc/store/v1/cart', { cookie })).json().items).toEqual([]);
    expect((await expectOk('GET', `/wc/v3/products/${tee.id}`, admin.headers)).json().stock_quantity).toBe(8);
    expect(
      (await expectOk('GET', `/wc/v3/products/${hoodie.id}/variations/${medium.id}`, admin.headers)).json()
        .stock_quantity,
    ).toBe(4);
    const coupon = (await expectOk('GET', '/wc/v3/coupons?code=welcome10', admin.headers)).json()[0];
    expect(coupon.usage_count).toBe(1);

    // The admin sees and completes the order.
    const url = `/wc/v3/orders/${placed.order_id}`;
    const order = (await expectOk('GET', url, admin.headers)).json();
    expect(order).toMatchObject({
      status: 'processing',
      customer_id: danaId,
      total: '65.23',
      discount_total: '7.25',
      currency: 'USD',
      billing: { email: 'dana@example.com', first_name: 'Dana' },
    });
    expect(
      order.line_items.map((l: Json) => [l.product_id, l.variation_id, l.quantity, l.subtotal, l.total]),
    ).toEqual([
      [tee.id, 0, 2, '39.98', '35.98'],
      [hoodie.id, medium.id, 1, '32.50', '29.25'],
    ]);
    expect(order.coupon_lines).toMatchObject([{ code: 'welcome10', discount: '7.25' }]);
    const mine = (await expectOk('GET', `/wc/v3/orders?customer=${danaId}`, admin.headers)).json();
    expect(mine.map((o: Json) => o.id)).toEqual([placed.order_id]);
    expect((await expectOk('PUT', url, admin.headers, { status: 'completed' })).json().status).toBe(
      'completed',
    );

    // Partial refund, an over-refund (refused, nothing changes), then the rest.
    await expectOk(
      'POST',
      `${url}/refunds`,
      admin.headers,
      { amount: '10.00', reason: 'Late delivery' },
      201,
    );
    const over = await call('POST', `${url}/refunds`, admin.headers, { amount: '55.24' });
    expect(over.statusCode).toBe(400);
    expect(over.json().code).toBe('woocommerce_rest_invalid_order_refund');
    expect((await expectOk('GET', url, admin.headers)).json()).toMatchObject({ status: 'completed' });
    await expectOk('POST', `${url}/refunds`, admin.headers, { amount: '55.23', reason: 'Returned' }, 201);
    const refunded = (await expectOk('GET', url, admin.headers)).json();
    expect(refunded.status).toBe('refunded');
    expect(refunded.refunds.map((r: Json) => r.total)).toEqual(['-55.23', '-10.00']);

    // An unknown status is refused and changes nothing (a shop manager may set any known one, as in WooCommerce).
    const back = await call('PUT', url, admin.headers, { status: 'shipped' });
    expect(back.statusCode).toBe(400);
    expect(back.json().code).toBe('rest_invalid_param');
    expect((await expectOk('GET', url, admin.headers)).json().status).toBe('refunded');

    // A negative price is refused by the catalog.
    const negative = await call('POST', '/wc/v3/products', admin.headers, {
      name: 'Bad',
      regular_price: '-5',
    });
    expect(negative.statusCode).toBe(400);

    expect(seen).toEqual([
      'cart.updated:1',
      'customer.registered',
      'cart.updated:1',
      'user.logged_in',
      'cart.updated:2',
      'cart.updated:2',
      'order.created:pending',
      'order.status_changed:pending->processing',
      'cart.updated:0',
      'order.status_changed:processing->completed',
      'order.refunded:1000/1000',
      'order.refunded:5523/6523',
      'order.status_changed:completed->refunded',
    ]);
  });
});
