import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { FakeStripe } from '../../src/fakes/stripe.fake.js';
import {
  describeInBrowser,
  expectNoSeriousA11yViolations,
  launchBrowser,
  startListeningApp,
} from '../helpers/browser.js';
import type { TestApp } from '../helpers/test-app.js';

// A shopper pays by card in Chromium: add to cart on the storefront, check out with Stripe, pay on the fake's
// hosted page, come back to order received. Stripe's API is down and its webhook late at that moment, so the page
// says the payment is pending (and stays put: no reload loop); once the webhook arrives the order is processing.
type Json = Record<string, any>;
const WEBHOOK_SECRET = 'whsec_storefront_browser_test';
let t: TestApp;
let base: string;
let stripe: FakeStripe;
let browser: Browser;
let page: Page;
let admin: Record<string, string>;

async function wc(method: 'GET' | 'POST' | 'PUT', path: string, payload?: object): Promise<Json> {
  const r = await t.app.inject({ method, url: `/wp-json/wc/v3${path}`, headers: admin, payload });
  expect(r.statusCode, r.body).toBeLessThan(300);
  return r.json();
}

beforeAll(async () => {
  stripe = new FakeStripe();
  const stripeBase = await stripe.start();
  ({ t, url: base } = await startListeningApp({ STRIPE_API_BASE: stripeBase }));
  stripe.webhook = { url: `${base}/?wc-api=wc_stripe`, secret: WEBHOOK_SECRET };
  admin = await t.appPasswordHeader(await t.createUser({ role: 'administrator' }));
  await wc('POST', '/products', { name: 'Canvas Tote', regular_price: '24.00' });
  await wc('PUT', '/payment_gateways/stripe', {
    enabled: true,
    settings: { secret_key: 'sk_test_storeside_fake', webhook_secret: WEBHOOK_SECRET },
  });
  browser = await launchBrowser();
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  page.setDefaultTimeout(8000);
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await t?.close();
  await stripe?.stop();
});

describeInBrowser('storefront: paying with Stripe', () => {
  it('should send the shopper to Stripe and show the order pending, then processing once the webhook arrives', async () => {
    await page.goto(`${base}/shop/`);
    await page.getByRole('button', { name: 'Add to cart: “Canvas Tote”' }).click();
    await page.getByRole('link', { name: 'Cart (1)' }).waitFor();
    await page.goto(`${base}/checkout/`);
    await page.getByRole('textbox', { name: 'Email address', exact: true }).fill('pat@example.com');
    const billing = page.getByRole('group', { name: 'Billing details' });
    await billing.getByRole('textbox', { name: 'First name', exact: true }).fill('Pat');
    await billing.getByRole('textbox', { name: 'Last name', exact: true }).fill('Payer');
    await billing.getByLabel('Country / Region').selectOption('US');
    await billing.getByLabel('State / County').selectOption({ label: 'Illinois' });
    await billing.getByLabel('Street address').fill('1 Main St');
    await billing.getByLabel('Town / City').fill('Springfield');
    await billing.getByLabel('Postcode / ZIP').fill('12345');
    await page.getByRole('radio', { name: 'Credit card (Stripe)' }).check();
    await page.getByRole('button', { name: 'Place order' }).click();

    await page.waitForURL((url) => url.href.startsWith(`${stripe.origin}/c/pay/`));
    await page.getByRole('heading', { level: 1, name: 'Pay 24.00 USD' }).waitFor();
    const [session] = [...stripe.sessions.values()];
    const orderId = Number(session!.metadata.order_id);
    expect((await wc('GET', `/orders/${orderId}`)).status).toBe('pending');

    stripe.holdWebhooks = true;
    stripe.apiDown = true;
    await page.getByRole('button', { name: /^Pay with 4242/ }).click();
    await page.waitForURL(
      (url) => url.origin === base && url.pathname === `/checkout/order-received/${orderId}/`,
    );
    expect(new URL(page.url()).searchParams.get('key')).toMatch(/^wc_order_/);
    await page.getByRole('heading', { level: 1, name: 'Order received' }).waitFor();
    const instructions = page.getByRole('region', { name: 'Payment instructions' });
    await instructions.getByText(/^Payment pending/).waitFor();
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: '/tmp/stripe-order-pending.png', fullPage: true });
    // The page waits for the shopper: it does not reload itself.
    let navigations = 0;
    page.on('framenavigated', () => navigations++);
    await page.waitForTimeout(1500);
    expect(navigations).toBe(0);
    expect((await wc('GET', `/orders/${orderId}`)).status).toBe('pending');

    stripe.apiDown = false;
    await stripe.releaseWebhooks();
    const paid = await wc('GET', `/orders/${orderId}`);
    expect(paid).toMatchObject({ status: 'processing', payment_method: 'stripe' });
    expect(paid.transaction_id).toMatch(/^pi_/);
    expect(paid.transaction_id).toBe(session!.payment_intent);

    await page.reload();
    await instructions.getByText('Payment received: your order is processing.').waitFor();
    expect(await page.getByRole('link', { name: 'Cart (0)' }).count()).toBe(1);
    await page.screenshot({ path: '/tmp/stripe-order-processing.png', fullPage: true });
  }, 45_000);
});
