import { FakeStripe } from '../../../fakes/stripe.fake.js';
import type { PaymentGateways } from '../payment-gateways.service.js';

/** The test keys the demo's Stripe fake accepts and signs with. */
export const DEMO_STRIPE_KEYS = {
  secret_key: 'sk_test_storeside_fake',
  publishable_key: 'pk_test_storeside_fake',
  webhook_secret: 'whsec_storeside_demo_fake',
} as const;

/** Enables Stripe with the demo fake's test keys (`storeside demo --with-fakes`); idempotent. */
export async function enableDemoStripe(
  gateways: PaymentGateways,
  print: (line: string) => void,
): Promise<void> {
  await gateways.update('stripe', { enabled: true, settings: { ...DEMO_STRIPE_KEYS, testmode: 'yes' } });
  print(
    "payments: Stripe enabled with the fake's test keys; run `storeside payments fake` and start the server with the STRIPE_API_BASE it prints.",
  );
}

/** Runs the Stripe fake, sending signed webhooks to `webhookUrl`; answers its base URL and a stop function. */
export async function runStripeFake(input: { port: number; webhookUrl: string }) {
  const stripe = new FakeStripe();
  stripe.secretKeys.add(DEMO_STRIPE_KEYS.secret_key);
  stripe.webhook = { url: input.webhookUrl, secret: DEMO_STRIPE_KEYS.webhook_secret };
  const base = await stripe.start(input.port);
  return { base, stop: () => stripe.stop() };
}
