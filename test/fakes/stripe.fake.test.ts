import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeStripe } from '../../src/fakes/stripe.fake.js';
import { encodeStripeForm } from '../../src/shop/payments/stripe/stripe-form.js';
import { verifyStripeSignature } from '../../src/shop/payments/stripe/stripe-signature.js';

let stripe: FakeStripe;
let base: string;
const KEY = 'sk_test_storeside_fake';

beforeAll(async () => {
  stripe = new FakeStripe();
  base = await stripe.start();
});
afterAll(async () => stripe.stop());

type Json = Record<string, any>;
const json = async (r: Response): Promise<Json> => (await r.json()) as Json;

const post = (path: string, params: Record<string, unknown>, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${KEY}`,
      'content-type': 'application/x-www-form-urlencoded',
      ...headers,
    },
    body: encodeStripeForm(params),
  });

const session = {
  mode: 'payment',
  success_url: 'http://shop.test/ok',
  cancel_url: 'http://shop.test/cancel',
  client_reference_id: '7',
  metadata: { order_id: '7' },
  line_items: [
    { price_data: { currency: 'usd', unit_amount: 1250, product_data: { name: 'Book' } }, quantity: 2 },
  ],
};

describe('FakeStripe', () => {
  it('should refuse a missing or wrong key with 401 in Stripe error shape', async () => {
    const none = await fetch(`${base}/v1/checkout/sessions/cs_x`);
    expect(none.status).toBe(401);
    expect((await json(none)).error.type).toBe('invalid_request_error');
    const wrong = await post('/v1/checkout/sessions', session, { authorization: 'Bearer sk_test_wrong_key' });
    expect(wrong.status).toBe(401);
  });

  it("should answer GET /v1/account with the keys' account, and 401 for a bad key", async () => {
    const ok = await fetch(`${base}/v1/account`, { headers: { authorization: `Bearer ${KEY}` } });
    expect(ok.status).toBe(200);
    expect(await json(ok)).toMatchObject({
      object: 'account',
      id: expect.stringMatching(/^acct_/),
      charges_enabled: true,
      settings: { dashboard: { display_name: 'Storeside Fake Shop' } },
    });
    const bad = await fetch(`${base}/v1/account`, {
      headers: { authorization: 'Bearer sk_test_not_a_key_1234' },
    });
    expect(bad.status).toBe(401);
    expect((await json(bad)).error).toMatchObject({ type: 'invalid_request_error' });
  });

  it('should answer 500 api_error to every API call while apiDown is on', async () => {
    stripe.apiDown = true;
    const down = await fetch(`${base}/v1/account`, { headers: { authorization: `Bearer ${KEY}` } });
    stripe.apiDown = false;
    expect(down.status).toBe(500);
    expect((await json(down)).error.type).toBe('api_error');
    expect((await fetch(`${base}/v1/account`, { headers: { authorization: `Bearer ${KEY}` } })).status).toBe(
      200,
    );
  });

  it('should create a session from bracket-notation params and replay it for the same Idempotency-Key', async () => {
    const first = await post('/v1/checkout/sessions', session, { 'idempotency-key': 'k1' });
    const body = await json(first);
    expect(body).toMatchObject({
      object: 'checkout.session',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: 2500,
      currency: 'usd',
      client_reference_id: '7',
      metadata: { order_id: '7' },
    });
    expect(body.url).toBe(`${base}/c/pay/${body.id}`);
    const again = await post('/v1/checkout/sessions', session, { 'idempotency-key': 'k1' });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect((await json(again)).id).toBe(body.id);
    const other = await post(
      '/v1/checkout/sessions',
      { ...session, client_reference_id: '8' },
      { 'idempotency-key': 'k1' },
    );
    expect(other.status).toBe(400);
    expect((await json(other)).error.type).toBe('idempotency_error');
  });

  it('should refund partly and fully and refuse more than was charged', async () => {
    const created = await json(await post('/v1/checkout/sessions', session));
    stripe.pay(created.id);
    const intent = stripe.sessions.get(created.id)!.payment_intent;
    const part = await post('/v1/refunds', { payment_intent: intent, amount: 1000 });
    expect(await json(part)).toMatchObject({ object: 'refund', amount: 1000, status: 'succeeded' });
    const over = await post('/v1/refunds', { payment_intent: intent, amount: 5000 });
    expect(over.status).toBe(400);
    expect((await json(over)).error).toMatchObject({ code: 'amount_too_large', param: 'amount' });
    expect((await json(await post('/v1/refunds', { payment_intent: intent }))).amount).toBe(1500);
    const done = await post('/v1/refunds', { payment_intent: intent });
    expect((await json(done)).error.code).toBe('charge_already_refunded');
  });

  it('should sign payloads the way Stripe documents', () => {
    const signature = FakeStripe.sign('{"a":1}', 'whsec_x', 1700000000);
    const hex = createHmac('sha256', 'whsec_x').update('1700000000.{"a":1}').digest('hex');
    expect(signature).toBe(`t=1700000000,v1=${hex}`);
    const check = (nowSeconds: number) =>
      verifyStripeSignature({ header: signature, payload: '{"a":1}', secret: 'whsec_x', nowSeconds });
    expect(check(1700000300)).toBe(true);
    expect(check(1700000301)).toBe(false);
  });
});
