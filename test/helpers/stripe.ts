import { expect } from 'vitest';
import { FakeStripe } from '../../src/fakes/stripe.fake.js';
import type { TestApp } from './test-app.js';

type Json = Record<string, any>;

const SECRET_KEY = 'sk_test_storeside_fake';
const WEBHOOK_SECRET = 'whsec_storeside_test_secret';

/** The Stripe fake, started; pass `env` to `createTestApp`, then `enable` the gateway. */
export async function startStripe(): Promise<{ stripe: FakeStripe; env: Record<string, string> }> {
  const stripe = new FakeStripe();
  const base = await stripe.start();
  return { stripe, env: { STRIPE_API_BASE: base } };
}

/** Drives Stripe Checkout for a test app: turns the gateway on, pays sessions and delivers signed webhooks. */
export function stripeDriver(t: TestApp, stripe: FakeStripe) {
  /** Delivers the latest event of `type` to the shop's webhook, signed; expects 200. */
  const deliver = async (type: string) => {
    const event = [...stripe.events].reverse().find((e) => e.type === type);
    if (!event) throw new Error(`no ${type} event`);
    const payload = JSON.stringify(event);
    const r = await t.app.inject({
      method: 'POST',
      url: '/?wc-api=wc_stripe',
      headers: {
        'content-type': 'application/json',
        // Signed at the app's time (a test's manual clock may be far from now).
        'stripe-signature': FakeStripe.sign(
          payload,
          WEBHOOK_SECRET,
          Math.floor(t.ctx.clock.now().getTime() / 1000),
        ),
      },
      payload,
    });
    expect(r.statusCode, r.body).toBe(200);
  };
  return {
    /** Enables the Stripe gateway with test keys through wc/v3 (as `headers`, a shop manager). */
    async enable(headers: Record<string, string>) {
      const r = await t.app.inject({
        method: 'PUT',
        url: '/wp-json/wc/v3/payment_gateways/stripe',
        headers,
        payload: {
          enabled: true,
          settings: {
            secret_key: SECRET_KEY,
            webhook_secret: WEBHOOK_SECRET,
            publishable_key: 'pk_test_abc',
          },
        },
      });
      expect(r.statusCode, r.body).toBe(200);
    },
    /** The shopper pays the Checkout Session of a Store API checkout answer; the webhook then tells the shop. */
    async pay(placed: Json) {
      const session = placed.payment_result.payment_details.find(
        (d: Json) => d.key === 'stripe_checkout_session',
      ).value;
      stripe.pay(session);
      await deliver('checkout.session.completed');
    },
    deliver,
  };
}
