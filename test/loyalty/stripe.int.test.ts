import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeStripe } from '../../src/fakes/stripe.fake.js';
import { startStripe, stripeDriver } from '../helpers/stripe.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { seedProduct } from '../shop/cart-helpers.js';
import { adminSession, loyalty } from './helpers.js';
import { addToCart, customer, entriesOf } from './shop.js';

type Json = Record<string, any>;

let t: TestApp;
let stripe: FakeStripe;
let driver: ReturnType<typeof stripeDriver>;
let admin: Record<string, string>;
let lamp: number;

beforeAll(async () => {
  const started = await startStripe();
  stripe = started.stripe;
  t = await createTestApp({ env: started.env });
  driver = stripeDriver(t, stripe);
  ({ headers: admin } = await adminSession(t));
  await driver.enable(admin);
  lamp = await seedProduct(t, { name: 'Lamp', price: 5000 });
  const r = await loyalty(t, 'POST', '/settings', admin, {
    earning_pointsPerDollar: 1,
    earning_orderStatusTrigger: 'processing',
  });
  expect(r.statusCode, r.body).toBe(200);
});
afterAll(async () => {
  await t?.close();
  await stripe?.stop();
});

/** A customer's order of two lamps ($100) placed with Stripe (still pending). */
async function stripeOrder() {
  const c = await customer(t);
  await addToCart(t, c.headers, lamp, 2);
  const r = await t.app.inject({
    method: 'POST',
    url: '/wp-json/wc/store/v1/checkout',
    headers: c.headers,
    payload: { billing_address: { email: 'buyer@example.com', first_name: 'B' }, payment_method: 'stripe' },
  });
  expect(r.statusCode, r.body).toBe(200);
  return { ...c, placed: r.json() as Json };
}

const orderStatus = async (id: number) =>
  (await t.app.inject({ method: 'GET', url: `/wp-json/wc/v3/orders/${id}`, headers: admin })).json().status;

describe('loyalty and Stripe-paid orders', () => {
  it('should earn nothing while the order waits for Stripe, then earn once the webhook marks it paid', async () => {
    const { user, placed } = await stripeOrder();
    expect(placed.status).toBe('pending');
    expect(await entriesOf(t, admin, user.id)).toEqual([]);
    await driver.pay(placed);
    expect(await orderStatus(placed.order_id)).toBe('processing');
    expect(await entriesOf(t, admin, user.id)).toEqual([
      expect.objectContaining({
        transaction_type: 'credit',
        amount: '100.00',
        reference_id: placed.order_id,
      }),
    ]);
    // Stripe repeating its event earns nothing more.
    await driver.deliver('checkout.session.completed');
    expect(await entriesOf(t, admin, user.id)).toHaveLength(1);
  });

  it('should earn nothing for a Stripe order whose payment failed', async () => {
    const { user, placed } = await stripeOrder();
    const session = placed.payment_result.payment_details.find(
      (d: Json) => d.key === 'stripe_checkout_session',
    ).value;
    stripe.decline(session);
    await driver.deliver('payment_intent.payment_failed');
    expect(await orderStatus(placed.order_id)).toBe('pending');
    expect(await entriesOf(t, admin, user.id)).toEqual([]);
  });

  it('should claw back points for a refund given back through Stripe, as for any refund', async () => {
    const { user, placed } = await stripeOrder();
    await driver.pay(placed);
    const r = await t.app.inject({
      method: 'POST',
      url: `/wp-json/wc/v3/orders/${placed.order_id}/refunds`,
      headers: admin,
      payload: { amount: '25.00', reason: 'one lamp chipped' },
    });
    expect(r.statusCode, r.body).toBe(201);
    expect([...stripe.refunds.values()].map((x) => x.amount)).toContain(2500);
    // Stripe's own charge.refunded for it changes nothing more.
    await driver.deliver('charge.refunded');
    const entries = await entriesOf(t, admin, user.id);
    expect(entries.filter((e) => e.transaction_type === 'debit')).toEqual([
      expect.objectContaining({ amount: '25.00', reference_type: 'refund', reference_id: placed.order_id }),
    ]);
  });

  it('should claw back points for a refund made in the Stripe dashboard', async () => {
    const { user, placed } = await stripeOrder();
    await driver.pay(placed);
    const order = (
      await t.app.inject({ method: 'GET', url: `/wp-json/wc/v3/orders/${placed.order_id}`, headers: admin })
    ).json();
    stripe.refundOutside(order.transaction_id, 5000);
    await driver.deliver('charge.refunded');
    const debits = (await entriesOf(t, admin, user.id)).filter((e) => e.transaction_type === 'debit');
    expect(debits.map((e) => e.amount)).toEqual(['50.00']);
  });
});
