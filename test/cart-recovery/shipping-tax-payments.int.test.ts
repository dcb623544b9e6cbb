import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeStripe } from '../../src/fakes/stripe.fake.js';
import { ManualClock } from '../../src/platform/clock.js';
import { startStripe, stripeDriver } from '../helpers/stripe.js';
import type { TestApp } from '../helpers/test-app.js';
import { storePost } from '../shop/cart-helpers.js';
import { capture, createCrApp, createProduct, guestCart } from './cr-helpers.js';
import { SmtpSink } from './smtp-sink.js';

type Json = Record<string, any>;

const MIN = 60_000;
const PARIS = { country: 'FR', postcode: '75001', city: 'Paris' };
let t: TestApp;
let smtp: SmtpSink;
let stripe: FakeStripe;
let driver: ReturnType<typeof stripeDriver>;
let clock: ManualClock;
let admin: Record<string, string>;
let mug: number;

async function wc(method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown): Promise<Json> {
  const r = await t.app.inject({
    method,
    url: `/wp-json/wc/v3/${url}`,
    headers: admin,
    ...(payload ? { payload: payload as Json } : {}),
  });
  expect(r.statusCode, r.body).toBeLessThan(300);
  return r.json();
}

beforeAll(async () => {
  smtp = await new SmtpSink().start();
  const started = await startStripe();
  stripe = started.stripe;
  clock = new ManualClock(new Date('2026-11-23T08:00:00Z'));
  t = await createCrApp({ env: { SMTP_URL: smtp.url, ...started.env }, options: { clock } });
  driver = stripeDriver(t, stripe);
  admin = (await t.login(await t.createUser({ role: 'administrator' }))).headers;
  await driver.enable(admin);
  mug = await createProduct(t, admin, { name: 'Mug', price: '12.50' });
  const eu = await wc('POST', 'shipping/zones', { name: 'Europe', order: 1 });
  await wc('PUT', `shipping/zones/${eu.id}/locations`, [{ code: 'EU', type: 'continent' }]);
  await wc('POST', `shipping/zones/${eu.id}/methods`, {
    method_id: 'flat_rate',
    settings: { title: 'Courier', cost: '7.45' },
  });
  await wc('POST', 'taxes', { country: 'FR', rate: '20', name: 'TVA', shipping: true });
  await wc('PUT', 'settings/general/woocommerce_calc_taxes', { value: 'yes' });
  await wc('PUT', 'settings/tax/woocommerce_tax_display_cart', { value: 'incl' });
});
afterAll(async () => {
  await t?.close();
  await smtp?.stop();
  await stripe?.stop();
});

const session = (sessionId: string) =>
  t.ctx.db
    .selectFrom('cr_sessions')
    .select(['status', 'cart_total', 'recovered_revenue', 'order_id'])
    .where('session_id', '=', sessionId)
    .executeTakeFirstOrThrow();

/** A guest's cart of two mugs shipped to Paris, captured for `email` and abandoned; answers token and session. */
async function abandonedParisCart(email: string, ip: string) {
  const token = await guestCart(t, [{ id: mug, quantity: 2 }]);
  const r = await storePost(t, 'cart/update-customer', token, {
    shipping_address: PARIS,
    billing_address: PARIS,
  });
  expect(r.statusCode, r.body).toBe(200);
  // 25.00 + 20 % VAT (5.00) + shipping 7.45 + its VAT 1.49.
  expect(r.json().totals).toMatchObject({ total_price: '3894', total_shipping: '745', total_tax: '649' });
  const created = await capture(
    t,
    { email, consent: true, cart: [], source: 'block' },
    { ip, headers: { 'cart-token': token } },
  );
  expect(created.statusCode, created.body).toBe(201);
  clock.advance(31 * MIN);
  await t.ctx.jobs.runDue({ limit: 100 });
  return { token, sessionId: created.json().session_id as string };
}

async function stripeCheckout(token: string, email: string): Promise<Json> {
  const r = await storePost(t, 'checkout', token, {
    billing_address: { email, first_name: 'Ann', address_1: '1 rue', ...PARIS },
    payment_method: 'stripe',
  });
  expect(r.statusCode, r.body).toBe(200);
  return r.json();
}

describe('cart recovery with shipping, tax and Stripe', () => {
  it('should keep and mail the cart as the shopper saw it: lines with tax, the total with shipping and tax', async () => {
    const { sessionId } = await abandonedParisCart('ann@example.com', '10.61.0.1');
    const stored = await session(sessionId);
    expect(stored).toMatchObject({ status: 'abandoned', cart_total: 3894 });
    clock.advance(46 * MIN);
    await t.ctx.jobs.runDue({ limit: 100 });
    const [mail] = smtp.to('ann@example.com');
    expect(mail, 'step 1 sent').toBeDefined();
    // The cart showed prices with tax: 2 × 12.50 + 20 %.
    expect(mail.text).toContain('- Mug × 2: $30.00');
    expect(mail.text).toContain('Total: $38.94');
    const analytics = await t.app.inject({
      method: 'GET',
      url: '/wp-json/cartrecovery/v1/analytics?days=7',
      headers: admin,
    });
    expect(analytics.json().abandoned_value).toBe(38.94);
  });

  it('should count a Stripe order as recovered only once it is paid, with the total the shopper paid', async () => {
    const { token, sessionId } = await abandonedParisCart('bea@example.com', '10.61.0.2');
    const placed = await stripeCheckout(token, 'bea@example.com');
    expect(placed.status).toBe('pending');
    expect(await session(sessionId)).toMatchObject({ status: 'abandoned', order_id: null });
    await driver.pay(placed);
    const order = await wc('GET', `orders/${placed.order_id}`);
    expect(order).toMatchObject({ status: 'processing', total: '38.94' });
    expect(await session(sessionId)).toMatchObject({
      status: 'recovered',
      order_id: placed.order_id,
      recovered_revenue: 3894,
    });
    // A refund through Stripe lowers the recovered revenue to what the shopper kept paid.
    const refund = await wc('POST', `orders/${placed.order_id}/refunds`, { amount: '8.94' });
    expect(refund.amount).toBe('8.94');
    expect(await session(sessionId)).toMatchObject({ recovered_revenue: 3000 });
  });

  it('should not count a Stripe order whose payment failed', async () => {
    const { token, sessionId } = await abandonedParisCart('cy@example.com', '10.61.0.3');
    const placed = await stripeCheckout(token, 'cy@example.com');
    const checkout = placed.payment_result.payment_details.find(
      (d: Json) => d.key === 'stripe_checkout_session',
    ).value;
    stripe.decline(checkout);
    await driver.deliver('payment_intent.payment_failed');
    expect(await session(sessionId)).toMatchObject({ status: 'abandoned', order_id: null });
  });
});
