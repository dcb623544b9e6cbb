import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { FakeStripe } from '../../src/fakes/stripe.fake.js';
import {
  describeInBrowser,
  expectNoSeriousA11yViolations,
  launchBrowser,
  logInThroughForm,
  startListeningApp,
  tabTo,
} from '../helpers/browser.js';
import type { TestApp } from '../helpers/test-app.js';

// WooCommerce → Settings → Payments driven in Chromium by the owner, by keyboard where a person would: a gateway
// switched on and off, one moved up, Stripe's keys saved (the secret kept, answered masked), the webhook URL
// copied, the connection checked against the Stripe fake. Every result is checked through the REST API.
type Json = Record<string, any>;
const SECRET_KEY = 'sk_test_storeside_fake';
let t: TestApp;
let base: string;
let stripe: FakeStripe;
let browser: Browser;
let page: Page;
let admin: Record<string, string>;

beforeAll(async () => {
  stripe = new FakeStripe();
  const stripeBase = await stripe.start();
  ({ t, url: base } = await startListeningApp({ STRIPE_API_BASE: stripeBase }));
  admin = await t.appPasswordHeader(await t.createUser({ role: 'administrator' }));
  browser = await launchBrowser();
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
  page = await context.newPage();
  page.setDefaultTimeout(8000);
  await logInThroughForm(page, base, 'admin', 'admin-password-1');
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await t?.close();
  await stripe?.stop();
});

async function rest(method: 'GET' | 'POST', path: string, payload?: object) {
  const r = await t.app.inject({ method, url: `/wp-json${path}`, headers: admin, payload });
  expect(r.statusCode, r.body).toBeLessThan(300);
  return { json: r.json() as Json, body: r.body };
}

const gateway = async (id: string) => (await rest('GET', `/wc/v3/payment_gateways/${id}`)).json;
const notices = () => page.getByRole('region', { name: 'Notices' });

describeInBrowser('shop admin: payments', () => {
  it('should switch a gateway on and off and move one up, by keyboard', async () => {
    await page.goto(`${base}/wp-admin/shop/settings/payments`);
    await page.getByRole('heading', { level: 1, name: 'Payments' }).waitFor();
    await page.getByLabel('Enable Check payments').waitFor();
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: '/tmp/admin-payments.png', fullPage: true });

    const cheque = page.getByLabel('Enable Check payments');
    await cheque.focus();
    await page.keyboard.press('Space');
    await notices().getByText('"Check payments" enabled.').waitFor();
    expect((await gateway('cheque')).enabled).toBe(true);
    await expect.poll(() => cheque.isChecked()).toBe(true);
    await page.keyboard.press('Space');
    await notices().getByText('"Check payments" disabled.').waitFor();
    expect((await gateway('cheque')).enabled).toBe(false);

    const up = page.getByRole('button', { name: 'Move Direct bank transfer up' });
    await up.focus();
    await page.keyboard.press('Enter');
    await notices().getByText('"Direct bank transfer" moved to position 1.').waitFor();
    const list = (await rest('GET', '/wc/v3/payment_gateways')).json as Json[];
    expect(list.map((g) => g.id)).toEqual(['bacs', 'cod', 'cheque', 'stripe']);
    const shown = () => page.getByRole('row').locator('strong').allTextContents();
    await expect
      .poll(shown)
      .toEqual(['Direct bank transfer', 'Cash on delivery', 'Check payments', 'Credit card (Stripe)']);
  });

  it('should save Stripe keys (answered masked), copy the webhook URL and check the connection', async () => {
    await page.goto(`${base}/wp-admin/shop/settings/payments`);
    await page.getByRole('link', { name: 'Manage Credit card (Stripe)' }).click();
    await page.getByRole('heading', { level: 1, name: 'Stripe' }).waitFor();
    await page.getByLabel('Enable Stripe').check();
    await page.getByLabel('Publishable key').fill('pk_test_browser_1234');
    await page.getByLabel('Secret key').fill(SECRET_KEY);
    await page.getByLabel('Webhook secret').fill('whsec_browser_secret_5678');
    // Enter in a field submits the form, as it does in WordPress's settings screens.
    await page.keyboard.press('Enter');
    await notices().getByText('Your settings have been saved.').waitFor();

    const saved = await rest('GET', '/wc/v3/payment_gateways/stripe');
    expect(saved.json.enabled).toBe(true);
    expect(saved.json.settings.publishable_key.value).toBe('pk_test_browser_1234');
    expect(saved.json.settings.secret_key.value).toMatch(/^sk_test_\*+fake$/);
    expect(saved.json.settings.webhook_secret.value).toMatch(/^whsec_\*+5678$/);
    expect(saved.body).not.toContain(SECRET_KEY);
    expect(saved.body).not.toContain('whsec_browser_secret_5678');
    // The stored secret is the real key: Stripe accepts it when the check sends nothing.
    expect((await rest('POST', '/wc/v3/payment_gateways/stripe/connection', {})).json.connected).toBe(true);
    await page.getByText(`Saved: ${saved.json.settings.secret_key.value}.`).waitFor();

    const webhook = page.getByLabel('Webhook URL');
    await expect.poll(() => webhook.inputValue()).toBe(`${base}/?wc-api=wc_stripe`);
    await page.getByRole('button', { name: 'Copy' }).click();
    await page.getByRole('status').getByText('Webhook URL copied.').waitFor();
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(`${base}/?wc-api=wc_stripe`);

    const calls = stripe.calls.length;
    await tabTo(page, page.getByRole('button', { name: 'Check connection' }));
    await page.keyboard.press('Enter');
    await page
      .getByRole('status')
      .getByText(/^Connected: Stripe accepts the key sk_test_\*+fake for Storeside Fake Shop/)
      .waitFor();
    expect(stripe.calls.slice(calls).map((c) => `${c.method} ${c.path}`)).toEqual(['GET /v1/account']);
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: '/tmp/admin-payments-stripe.png', fullPage: true });

    // A key Stripe refuses, typed but not saved: the check says so and nothing is stored.
    await page.getByLabel('Secret key').fill('sk_test_not_a_real_key_0000');
    await page.getByRole('button', { name: 'Check connection' }).click();
    await page
      .getByRole('status')
      .getByText(/^Not connected/)
      .waitFor();
    expect((await gateway('stripe')).settings.secret_key.value).toMatch(/fake$/);
  }, 45_000);
});
