import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { guestToken, seedProduct, storePost } from './cart-helpers.js';

type Json = Record<string, any>;

let t: TestApp;
let manager: Record<string, string>;
let customer: Record<string, string>;
let shirt: number;

beforeAll(async () => {
  t = await createTestApp({ options: { extensions: [] } });
  manager = await t.appPasswordHeader(await t.createUser({ role: 'shop_manager' }));
  customer = await t.appPasswordHeader(await t.createUser({ role: 'customer' }));
  shirt = await seedProduct(t, { name: 'Shirt', price: 2000, stock: 50 });
});
afterAll(async () => t.close());

const call = (
  method: 'GET' | 'PUT',
  url: string,
  payload?: Json,
  headers: Record<string, string> = manager,
) => t.app.inject({ method, url: `/wp-json/wc/v3/${url}`, headers, ...(payload ? { payload } : {}) });

async function checkout(method: string): Promise<{ statusCode: number; json: () => Json; body: string }> {
  const token = await guestToken(t);
  await storePost(t, 'cart/add-item', token, { id: shirt, quantity: 1 });
  return storePost(t, 'checkout', token, {
    billing_address: { email: 'ann@example.com', first_name: 'Ann' },
    payment_method: method,
  });
}

describe('GET /wc/v3/payment_gateways', () => {
  it('should list cod, bacs, cheque and stripe in WooCommerce shape and order', async () => {
    const r = await call('GET', 'payment_gateways');
    expect(r.statusCode, r.body).toBe(200);
    const list = r.json() as Json[];
    expect(list.map((g) => g.id)).toEqual(['cod', 'bacs', 'cheque', 'stripe']);
    expect(list[0]).toMatchObject({
      id: 'cod',
      title: 'Cash on delivery',
      enabled: true,
      order: 0,
      method_title: 'Cash on delivery',
      method_supports: ['products'],
    });
    expect(list[0].settings.title).toEqual({
      id: 'title',
      label: 'Title',
      description: expect.any(String),
      type: 'text',
      value: 'Cash on delivery',
      default: 'Cash on delivery',
      tip: expect.any(String),
      placeholder: '',
    });
    expect(list[2]).toMatchObject({ id: 'cheque', enabled: false });
  });

  it('should answer 401 to anonymous callers and 403 to customers on every route', async () => {
    for (const [method, url] of [
      ['GET', 'payment_gateways'],
      ['GET', 'payment_gateways/cod'],
      ['PUT', 'payment_gateways/cod'],
    ] as const) {
      expect((await call(method, url, { enabled: false }, {})).statusCode).toBe(401);
      const forbidden = await call(method, url, { enabled: false }, customer);
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json().code).toBe('rest_forbidden');
    }
    expect((await call('GET', 'payment_gateways/cod')).json().enabled).toBe(true);
  });

  it('should answer 404 for an unknown gateway', async () => {
    const r = await call('GET', 'payment_gateways/nope');
    expect(r.statusCode).toBe(404);
    expect(r.json().code).toBe('woocommerce_rest_payment_gateway_invalid');
  });
});

describe('PUT /wc/v3/payment_gateways/{id}', () => {
  it('should keep every order of gateways moved at the same time (one shared order option)', async () => {
    const moves = { cheque: 0, stripe: 1, cod: 2, bacs: 3 };
    const answers = await Promise.all(
      Object.entries(moves).map(([id, order]) => call('PUT', `payment_gateways/${id}`, { order })),
    );
    for (const r of answers) expect(r.statusCode, r.body).toBe(200);
    const list = (await call('GET', 'payment_gateways')).json() as Json[];
    expect(list.map((g) => g.id)).toEqual(['cheque', 'stripe', 'cod', 'bacs']);
    await Promise.all(
      ['cod', 'bacs', 'cheque', 'stripe'].map((id, order) =>
        call('PUT', `payment_gateways/${id}`, { order }),
      ),
    );
  });

  it('should enable cheque, change its title and order, and let checkout use it (on-hold)', async () => {
    const r = await call('PUT', 'payment_gateways/cheque', {
      enabled: true,
      order: 0,
      title: 'Pay by cheque',
      settings: { instructions: 'Send it to 1 Main St.' },
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ enabled: true, order: 0, title: 'Pay by cheque' });
    expect(r.json().settings.instructions.value).toBe('Send it to 1 Main St.');
    const placed = await checkout('cheque');
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json()).toMatchObject({ status: 'on-hold', payment_method: 'cheque' });
    const order = await call('GET', `orders/${placed.json().order_id}`);
    expect(order.json()).toMatchObject({ payment_method_title: 'Pay by cheque', transaction_id: '' });
    const page = await t.app.inject({
      method: 'GET',
      url: `/checkout/order-received/${placed.json().order_id}/?key=${placed.json().order_key}`,
    });
    expect(page.body).toContain('Send it to 1 Main St.');
  });

  it('should show the bank account on the order-received page of a bacs order', async () => {
    const r = await call('PUT', 'payment_gateways/bacs', {
      settings: { account_name: 'Storeside Ltd', iban: 'GB33BUKB20201555555555' },
    });
    expect(r.statusCode, r.body).toBe(200);
    const placed = await checkout('bacs');
    expect(placed.json().status).toBe('on-hold');
    const page = await t.app.inject({
      method: 'GET',
      url: `/checkout/order-received/${placed.json().order_id}/?key=${placed.json().order_key}`,
    });
    expect(page.body).toContain('IBAN: GB33BUKB20201555555555');
    expect(page.body).toContain('Storeside Ltd');
  });

  it('should refuse a disabled gateway at checkout with 400 naming payment_method', async () => {
    expect((await call('PUT', 'payment_gateways/cod', { enabled: false })).statusCode).toBe(200);
    const r = await checkout('cod');
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({
      code: 'woocommerce_rest_checkout_payment_method_disabled',
      data: { status: 400 },
    });
    expect(Object.keys(r.json().data.params)).toEqual(['payment_method']);
    expect((await checkout('nope')).statusCode).toBe(400);
    expect((await call('PUT', 'payment_gateways/cod', { enabled: true })).statusCode).toBe(200);
    expect((await checkout('cod')).json().status).toBe('processing');
  });

  it('should refuse bad input with 400 naming the field and change nothing', async () => {
    const before = (await call('GET', 'payment_gateways/bacs')).json();
    for (const [body, field] of [
      [{ settings: { nope: 'x' } }, 'settings[nope]'],
      [{ enabled: 'sometimes' }, 'enabled'],
      [{ order: -1 }, 'order'],
      [{ settings: { title: 'x'.repeat(5001) } }, 'settings[title]'],
    ] as const) {
      const r = await call('PUT', 'payment_gateways/bacs', body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      expect(r.json().code).toBe('rest_invalid_param');
      expect(Object.keys(r.json().data.params)[0]).toContain(field);
    }
    expect((await call('GET', 'payment_gateways/bacs')).json()).toEqual(before);
  });

  it('should take set_paid, payment_method_title and transaction_id on wc/v3 order create', async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/wp-json/wc/v3/orders',
      headers: manager,
      payload: {
        payment_method: 'bacs',
        payment_method_title: 'Bank transfer',
        transaction_id: 'TX-1',
        set_paid: true,
        billing: { email: 'bob@example.com' },
        line_items: [{ product_id: shirt, quantity: 1 }],
      },
    });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json()).toMatchObject({
      status: 'processing',
      payment_method: 'bacs',
      payment_method_title: 'Bank transfer',
      transaction_id: 'TX-1',
    });
    expect(r.json().date_paid).not.toBeNull();
  });
});

describe('GET /wc/store/v1/cart payment_methods', () => {
  const cartMethods = async () => {
    const r = await t.app.inject({
      method: 'GET',
      url: '/wp-json/wc/store/v1/cart',
      headers: { 'cart-token': await guestToken(t) },
    });
    expect(r.statusCode, r.body).toBe(200);
    return r.json().payment_methods as string[];
  };
  const gatewayOrder = async () =>
    ((await call('GET', 'payment_gateways')).json() as Json[]).filter((g) => g.enabled).map((g) => g.id);

  it('should list the enabled gateways in their checkout order, following every change', async () => {
    for (const [id, order, enabled] of [
      ['cod', 0, true],
      ['bacs', 1, true],
      ['cheque', 2, false],
      ['stripe', 3, false],
    ] as const)
      expect((await call('PUT', `payment_gateways/${id}`, { order, enabled })).statusCode).toBe(200);
    expect(await cartMethods()).toEqual(['cod', 'bacs']);

    expect((await call('PUT', 'payment_gateways/cheque', { enabled: true, order: 0 })).statusCode).toBe(200);
    expect((await call('PUT', 'payment_gateways/cod', { order: 2 })).statusCode).toBe(200);
    expect(await cartMethods()).toEqual(['cheque', 'bacs', 'cod']);
    expect(await cartMethods()).toEqual(await gatewayOrder());

    expect((await call('PUT', 'payment_gateways/bacs', { enabled: false })).statusCode).toBe(200);
    expect(await cartMethods()).toEqual(['cheque', 'cod']);
  });
});
