import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeStripe } from '../../src/fakes/stripe.fake.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { guestToken, seedProduct, storePost } from './cart-helpers.js';

type Json = Record<string, any>;

const SECRET_KEY = 'sk_test_storeside_fake';
const WEBHOOK_SECRET = 'whsec_storeside_test_secret';

let t: TestApp;
let stripe: FakeStripe;
let manager: Record<string, string>;
let shirt: number;

beforeAll(async () => {
  stripe = new FakeStripe();
  const base = await stripe.start();
  t = await createTestApp({ env: { STRIPE_API_BASE: base }, options: { extensions: [] } });
  manager = await t.appPasswordHeader(await t.createUser({ role: 'shop_manager' }));
  shirt = await seedProduct(t, { name: 'Shirt', price: 2000, stock: 50 });
  const r = await wc('PUT', 'payment_gateways/stripe', {
    enabled: true,
    settings: { secret_key: SECRET_KEY, webhook_secret: WEBHOOK_SECRET, publishable_key: 'pk_test_abc' },
  });
  expect(r.statusCode, r.body).toBe(200);
});
afterAll(async () => {
  await t.close();
  await stripe.stop();
});

const wc = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: Json) =>
  t.app.inject({ method, url: `/wp-json/wc/v3/${url}`, headers: manager, ...(payload ? { payload } : {}) });

/** A guest cart with two shirts, checked out with Stripe. */
async function placeStripeOrder(): Promise<{ token: string; placed: Json }> {
  const token = await guestToken(t);
  await storePost(t, 'cart/add-item', token, { id: shirt, quantity: 2 });
  const r = await storePost(t, 'checkout', token, {
    billing_address: { email: 'ann@example.com', first_name: 'Ann' },
    payment_method: 'stripe',
  });
  expect(r.statusCode, r.body).toBe(200);
  return { token, placed: r.json() };
}

function sessionOf(placed: Json): string {
  return placed.payment_result.payment_details.find((d: Json) => d.key === 'stripe_checkout_session').value;
}

function lastEvent(type: string): Json {
  const event = [...stripe.events].reverse().find((e) => e.type === type);
  if (!event) throw new Error(`no ${type} event`);
  return event;
}

async function deliver(event: Json, signature?: string) {
  const payload = JSON.stringify(event);
  return t.app.inject({
    method: 'POST',
    url: '/?wc-api=wc_stripe',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signature ?? FakeStripe.sign(payload, WEBHOOK_SECRET),
    },
    payload,
  });
}

async function cartItems(token: string): Promise<number> {
  const r = await t.app.inject({
    method: 'GET',
    url: '/wp-json/wc/store/v1/cart',
    headers: { 'cart-token': token },
  });
  return r.json().items.length;
}

async function order(id: number): Promise<Json> {
  return (await wc('GET', `orders/${id}`)).json();
}

async function notes(id: number): Promise<string[]> {
  return (await wc('GET', `orders/${id}/notes`)).json().map((n: Json) => n.note);
}

describe('Stripe Checkout', () => {
  it('should never answer the secrets, only masks, and keep them when the mask is sent back', async () => {
    const r = await wc('GET', 'payment_gateways/stripe');
    expect(r.body).not.toContain(SECRET_KEY);
    expect(r.body).not.toContain(WEBHOOK_SECRET);
    expect(r.json().settings.secret_key.value).toMatch(/^sk_test_\*+fake$/);
    const list = await wc('GET', 'payment_gateways');
    expect(list.body).not.toContain(SECRET_KEY);
    const again = await wc('PUT', 'payment_gateways/stripe', {
      settings: { secret_key: r.json().settings.secret_key.value },
    });
    expect(again.body).not.toContain(SECRET_KEY);
    const stored = await t.ctx.options.get<Json>('woocommerce_stripe_settings', {});
    expect(JSON.stringify(stored)).not.toContain(SECRET_KEY);
    expect(JSON.stringify(stored)).not.toContain(WEBHOOK_SECRET);
    // Still the real key: a checkout reaches the fake with it.
    await placeStripeOrder();
  });

  it('should pay an order through the redirect and the webhook, once, whatever is repeated or reordered', async () => {
    const { token, placed } = await placeStripeOrder();
    expect(placed.status).toBe('pending');
    expect(placed.payment_result.payment_status).toBe('pending');
    expect(placed.payment_result.redirect_url.startsWith(`${stripe.origin}/c/pay/cs_test_`)).toBe(true);
    const call = stripe.calls.find(
      (c) => c.path === '/v1/checkout/sessions' && c.body.client_reference_id === String(placed.order_id),
    )!;
    expect(call.idempotencyKey).toBe(`${placed.order_key}-checkout-session`);
    expect(call.body).toMatchObject({
      mode: 'payment',
      metadata: { order_id: String(placed.order_id) },
      line_items: [
        {
          price_data: { currency: 'usd', unit_amount: '2000', product_data: { name: 'Shirt' } },
          quantity: '2',
        },
      ],
    });
    expect(call.body.success_url).toBe(
      `http://shop.test/checkout/order-received/${placed.order_id}/?key=${placed.order_key}`,
    );
    expect(await cartItems(token)).toBe(1);
    const page = () =>
      t.app.inject({
        method: 'GET',
        url: `/checkout/order-received/${placed.order_id}/?key=${placed.order_key}`,
      });
    expect((await page()).body).toContain('Payment pending');

    stripe.pay(sessionOf(placed));
    const completed = lastEvent('checkout.session.completed');
    expect((await deliver(completed)).statusCode).toBe(200);
    const paid = await order(placed.order_id);
    const intent = stripe.sessions.get(sessionOf(placed))!.payment_intent;
    expect(paid).toMatchObject({ status: 'processing', transaction_id: intent });
    expect(paid.date_paid).not.toBeNull();
    expect(await cartItems(token)).toBe(0);
    const noted = await notes(placed.order_id);
    expect(noted.filter((n) => n.includes('Stripe charge complete'))).toHaveLength(1);

    // The same event again, and an expiry arriving late: nothing changes.
    expect((await deliver(completed)).statusCode).toBe(200);
    expect(
      (await deliver({ ...completed, id: 'evt_late_expiry', type: 'checkout.session.expired' })).statusCode,
    ).toBe(200);
    expect(await order(placed.order_id)).toMatchObject({
      status: 'processing',
      date_modified: paid.date_modified,
    });
    expect(await notes(placed.order_id)).toEqual(noted);
    expect((await page()).body).toContain('Payment received: your order is processing');
  });

  it('should refuse a forged, stale or unsigned webhook with 400 and change nothing', async () => {
    const { placed } = await placeStripeOrder();
    stripe.pay(sessionOf(placed));
    const completed = lastEvent('checkout.session.completed');
    const payload = JSON.stringify(completed);
    const forged = FakeStripe.sign(payload, 'whsec_wrong');
    const stale = FakeStripe.sign(payload, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 301);
    for (const signature of [forged, stale, 't=1,v1=zz', '']) {
      const r = await deliver(completed, signature);
      expect(r.statusCode).toBe(400);
      expect(r.json().code).toBe('stripe_webhook_invalid_signature');
    }
    expect((await order(placed.order_id)).status).toBe('pending');
    // Any of several v1 signatures may match (a secret being rolled).
    const now = Math.floor(Date.now() / 1000);
    const good = FakeStripe.sign(payload, WEBHOOK_SECRET, now);
    const both = `${FakeStripe.sign(payload, 'whsec_wrong', now)},v1=${good.split('v1=')[1]}`;
    expect((await deliver(completed, both)).statusCode).toBe(200);
    expect((await order(placed.order_id)).status).toBe('processing');
    const junk = await t.app.inject({
      method: 'POST',
      url: '/?wc-api=wc_stripe',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': FakeStripe.sign('{}', WEBHOOK_SECRET),
      },
      payload: '{}',
    });
    expect(junk.statusCode).toBe(400);
  });

  it('should leave the order payable and the cart intact after a declined card and an expired session', async () => {
    const { token, placed } = await placeStripeOrder();
    stripe.decline(sessionOf(placed));
    expect((await deliver(lastEvent('payment_intent.payment_failed'))).statusCode).toBe(200);
    expect((await order(placed.order_id)).status).toBe('pending');
    stripe.expire(sessionOf(placed));
    expect((await deliver(lastEvent('checkout.session.expired'))).statusCode).toBe(200);
    expect((await order(placed.order_id)).status).toBe('pending');
    expect(await cartItems(token)).toBe(1);
    expect((await notes(placed.order_id)).some((n) => n.includes('expired'))).toBe(true);
    // The shopper pays again from the same cart.
    const retry = await storePost(t, 'checkout', token, {
      billing_address: { email: 'ann@example.com' },
      payment_method: 'stripe',
    });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().payment_result.redirect_url).toContain('/c/pay/');
  });
});

describe('Checkout page with Stripe offered', () => {
  it('should let the checkout form redirect to Stripe Checkout (CSP form-action), and only while Stripe is enabled', async () => {
    const token = await guestToken(t);
    await storePost(t, 'cart/add-item', token, { id: shirt, quantity: 1 });
    const formAction = async () => {
      const r = await t.app.inject({ method: 'GET', url: '/checkout/', headers: { 'cart-token': token } });
      expect(r.body).toContain('Place order');
      return /form-action ([^;]+)/.exec(String(r.headers['content-security-policy']))?.[1];
    };
    expect(await formAction()).toBe(`'self' https://checkout.stripe.com ${stripe.origin}`);
    expect((await wc('PUT', 'payment_gateways/stripe', { enabled: false })).statusCode).toBe(200);
    expect(await formAction()).toBe("'self'");
    expect((await wc('PUT', 'payment_gateways/stripe', { enabled: true })).statusCode).toBe(200);
  });
});

describe('Refunds through Stripe', () => {
  async function paidOrder(): Promise<Json> {
    const { placed } = await placeStripeOrder();
    stripe.pay(sessionOf(placed));
    expect((await deliver(lastEvent('checkout.session.completed'))).statusCode).toBe(200);
    return order(placed.order_id);
  }

  it('should refund partly then fully through Stripe', async () => {
    const paid = await paidOrder();
    const partial = await wc('POST', `orders/${paid.id}/refunds`, { amount: '5.00', reason: 'scratch' });
    expect(partial.statusCode, partial.body).toBe(201);
    const refunds = [...stripe.refunds.values()].filter((r) => r.payment_intent === paid.transaction_id);
    expect(refunds.map((r) => r.amount)).toEqual([500]);
    // Stripe's own charge.refunded for it records nothing more.
    expect((await deliver(lastEvent('charge.refunded'))).statusCode).toBe(200);
    expect((await wc('GET', `orders/${paid.id}/refunds`)).json()).toHaveLength(1);
    const rest = await wc('POST', `orders/${paid.id}/refunds`, { amount: '35.00' });
    expect(rest.statusCode, rest.body).toBe(201);
    expect(await order(paid.id)).toMatchObject({ status: 'refunded' });
    expect([...stripe.refunds.values()].filter((r) => r.payment_intent === paid.transaction_id)).toHaveLength(
      2,
    );
  });

  it('should answer a refusal from Stripe in the WordPress shape and record nothing', async () => {
    const paid = await paidOrder();
    stripe.refundOutside(paid.transaction_id);
    const r = await wc('POST', `orders/${paid.id}/refunds`, { amount: '10.00' });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({
      code: 'woocommerce_rest_cannot_create_order_refund',
      data: { status: 400 },
    });
    expect(r.json().message).toContain('already been refunded');
    expect((await wc('GET', `orders/${paid.id}/refunds`)).json()).toHaveLength(0);
    // Recorded without Stripe when asked (api_refund false).
    const manual = await wc('POST', `orders/${paid.id}/refunds`, { amount: '1.00', api_refund: false });
    expect(manual.statusCode).toBe(201);
  });

  it('should record a refund made in the Stripe dashboard once, however often Stripe says so', async () => {
    const paid = await paidOrder();
    stripe.refundOutside(paid.transaction_id, 700);
    const event = lastEvent('charge.refunded');
    expect((await deliver(event)).statusCode).toBe(200);
    expect((await deliver(event)).statusCode).toBe(200);
    expect((await deliver({ ...event, id: 'evt_copy_of_refund' })).statusCode).toBe(200);
    const refunds = (await wc('GET', `orders/${paid.id}/refunds`)).json();
    expect(refunds.map((r: Json) => r.amount)).toEqual(['7.00']);
  });
});

describe('POST /wc/v3/payment_gateways/stripe/connection', () => {
  const check = (payload: Json, headers: Record<string, string> = manager) =>
    t.app.inject({
      method: 'POST',
      url: '/wp-json/wc/v3/payment_gateways/stripe/connection',
      headers,
      payload,
    });

  it('should answer 401 to anonymous callers and 403 to customers, without calling Stripe', async () => {
    const customer = await t.appPasswordHeader(await t.createUser({ role: 'customer' }));
    const calls = stripe.calls.length;
    expect((await check({ secret_key: SECRET_KEY }, {})).statusCode).toBe(401);
    const forbidden = await check({ secret_key: SECRET_KEY }, customer);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().code).toBe('rest_forbidden');
    expect(stripe.calls.length).toBe(calls);
  });

  it('should refuse a malformed key with 400 naming secret_key, calling Stripe with nothing', async () => {
    const calls = stripe.calls.length;
    for (const secret_key of ['hello', 'pk_test_abc', 123, 'sk_test_'.padEnd(300, 'x')]) {
      const r = await check({ secret_key });
      expect(r.statusCode, String(secret_key)).toBe(400);
      expect(r.json().code).toBe('rest_invalid_param');
      expect(Object.keys(r.json().data.params)).toEqual(['secret_key']);
    }
    expect(stripe.calls.length).toBe(calls);
    const stored = (await wc('GET', 'payment_gateways/stripe')).json().settings.secret_key.value;
    expect(stored).toMatch(/^sk_test_\*+fake$/);
  });

  it('should say the stored key works (nothing sent, or its mask sent back) with the account it belongs to', async () => {
    const mask = (await wc('GET', 'payment_gateways/stripe')).json().settings.secret_key.value;
    for (const payload of [{}, { secret_key: mask }]) {
      const r = await check(payload);
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json()).toEqual({
        connected: true,
        mode: 'test',
        key: mask,
        account: {
          id: stripe.account.id,
          name: 'Storeside Fake Shop',
          country: 'US',
          default_currency: 'usd',
          charges_enabled: true,
        },
        error: null,
      });
      expect(r.body).not.toContain(SECRET_KEY);
    }
    const last = stripe.calls.at(-1)!;
    expect([last.method, last.path]).toEqual(['GET', '/v1/account']);
  });

  it('should say a key Stripe refuses does not work, never echoing it, and store nothing', async () => {
    const bad = 'sk_live_thisKeyIsNotKnownToStripe9876';
    const before = await t.ctx.options.get<Json>('woocommerce_stripe_settings', {});
    const r = await check({ secret_key: bad });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({
      connected: false,
      mode: 'live',
      account: null,
      error: { code: 'invalid_api_key', message: expect.stringContaining('does not accept') },
    });
    expect(r.json().key).toMatch(/^sk_live_\*+9876$/);
    expect(r.body).not.toContain(bad);
    expect(r.body).not.toContain('thisKeyIsNot');
    expect(await t.ctx.options.get<Json>('woocommerce_stripe_settings', {})).toEqual(before);
  });

  it('should check a new key typed in the form before it is saved', async () => {
    stripe.secretKeys.add('sk_test_another_working_key_5555');
    const r = await check({ secret_key: 'sk_test_another_working_key_5555' });
    expect(r.json()).toMatchObject({ connected: true, key: expect.stringMatching(/5555$/) });
    expect(r.body).not.toContain('another_working');
  });
});
