import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  describeInBrowser,
  expectNoSeriousA11yViolations,
  launchBrowser,
  logInThroughForm,
  startListeningApp,
} from '../helpers/browser.js';
import type { TestApp } from '../helpers/test-app.js';
import { seedProduct } from './cart-helpers.js';

// Addresses in Chromium: the owner sets the store address and where the shop sells and ships on Settings → General;
// a guest checks out choosing the country and the state from the lists and shipping to a different address. Every
// result is checked through the REST API.
type Json = Record<string, any>;
let t: TestApp;
let base: string;
let browser: Browser;
let page: Page;
let admin: Record<string, string>;
let lamp: number;

beforeAll(async () => {
  ({ t, url: base } = await startListeningApp());
  admin = await t.appPasswordHeader(await t.createUser({ role: 'administrator' }));
  lamp = await seedProduct(t, { name: 'Lamp', price: 3000 });
  browser = await launchBrowser();
  page = await (await browser.newContext({ viewport: { width: 1280, height: 1000 } })).newPage();
  page.setDefaultTimeout(8000);
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

async function rest(
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  path: string,
  payload?: object,
): Promise<Json> {
  const r = await t.app.inject({ method, url: `/wp-json${path}`, headers: admin, payload });
  expect(r.statusCode, r.body).toBeLessThan(300);
  return r.json();
}
const settingValue = async (id: string) => (await rest('GET', `/wc/v3/settings/general/${id}`)).value;

describeInBrowser('addresses', () => {
  it('should let the owner set the store address, selling and shipping locations and taxes', async () => {
    await logInThroughForm(page, base, 'admin', 'admin-password-1');
    await page.goto(`${base}/wp-admin/shop/settings`);
    await page.getByRole('heading', { level: 1, name: 'General settings' }).waitFor();
    await page.getByLabel('Address line 1').fill('1 Queen St W');
    await page.getByLabel('City').fill('Toronto');
    await page.getByLabel('Country / State').selectOption('CA:ON');
    await page.getByLabel('Postcode / ZIP').fill('M5H 2N2');
    await page.getByLabel('Selling location(s)').selectOption('specific');
    await page.getByLabel('Sell to specific countries').selectOption(['CA', 'US', 'FR']);
    await page.getByLabel('Shipping location(s)').selectOption('specific');
    await page.getByLabel('Ship to specific countries').selectOption(['CA', 'US']);
    await page.getByLabel('Enable taxes').check();
    await page.getByLabel('Yes, I will enter prices inclusive of tax').check();
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: '/tmp/shop-general-settings.png', fullPage: true });
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('region', { name: 'Notices' }).getByText('Your settings have been saved.').waitFor();

    expect(await settingValue('woocommerce_store_address')).toBe('1 Queen St W');
    expect(await settingValue('woocommerce_default_country')).toBe('CA:ON');
    expect(await settingValue('woocommerce_allowed_countries')).toBe('specific');
    expect((await settingValue('woocommerce_specific_allowed_countries')).sort()).toEqual(['CA', 'FR', 'US']);
    expect((await settingValue('woocommerce_specific_ship_to_countries')).sort()).toEqual(['CA', 'US']);
    expect(await settingValue('woocommerce_calc_taxes')).toBe('yes');
    expect((await rest('GET', '/wc/v3/settings/tax/woocommerce_prices_include_tax')).value).toBe('yes');

    // A value the server refuses is shown at its field.
    await page.getByLabel('Postcode / ZIP').fill('x'.repeat(1001));
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => page.getByLabel('Postcode / ZIP').getAttribute('aria-invalid')).toBe('true');
    expect(await settingValue('woocommerce_store_postcode')).toBe('M5H 2N2');
    await page.getByLabel('Postcode / ZIP').fill('M5H 2N2');
  }, 60_000);

  it('should let a guest choose a country and state from the lists, ship elsewhere, choose a rate and see the tax', async () => {
    // Canada has two rates and a 5 % GST that also taxes shipping; prices are entered without tax.
    await rest('PUT', '/wc/v3/settings/tax/woocommerce_prices_include_tax', { value: 'no' });
    const canada = await rest('POST', '/wc/v3/shipping/zones', { name: 'Canada', order: 1 });
    await rest('PUT', `/wc/v3/shipping/zones/${canada.id}/locations`, [{ code: 'CA', type: 'country' }]);
    for (const [title, cost] of [
      ['Courier', '10.00'],
      ['Express', '25.00'],
    ])
      await rest('POST', `/wc/v3/shipping/zones/${canada.id}/methods`, {
        method_id: 'flat_rate',
        settings: { title, cost },
      });
    await rest('POST', '/wc/v3/taxes', { country: 'CA', rate: '5', name: 'GST', shipping: true });
    await page.context().clearCookies();
    await page.goto((await rest('GET', `/wc/v3/products/${lamp}`)).permalink);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.getByRole('link', { name: 'Cart (1)' }).waitFor();
    await page.goto(`${base}/checkout/`);
    const billing = page.getByRole('group', { name: 'Billing details' });
    // The store is in Ontario, Canada: the country starts there, with Canada's provinces to choose from.
    expect(await billing.getByLabel('Country / Region').inputValue()).toBe('CA');
    expect(await billing.getByRole('option').allTextContents()).not.toContain('Germany');
    const shippingFields = page.locator('#shipping-fields');
    expect(await shippingFields.isHidden()).toBe(true);
    await page.getByLabel('Email address').fill('guest@example.com');
    await billing.getByLabel('First name').fill('Gia');
    await billing.getByLabel('Last name').fill('Guest');
    await billing.getByLabel('Country / Region').selectOption('US');
    await billing.getByLabel('State / County').selectOption({ label: 'California' });
    await billing.getByLabel('Street address').fill('1 Market St');
    await billing.getByLabel('Town / City').fill('San Francisco');
    await billing.getByLabel('Postcode / ZIP').fill('94105');
    await page.getByLabel('Ship to a different address?').check();
    const shipping = page.getByRole('group', { name: 'Shipping address' });
    await shippingFields.waitFor();
    await shipping.getByLabel('First name').fill('Sam');
    await shipping.getByLabel('Last name').fill('Friend');
    await shipping.getByLabel('Country / Region').selectOption('CA');
    await shipping.getByLabel('State / County').selectOption({ label: 'Quebec' });
    await shipping.getByLabel('Street address').fill('2 Rue Sainte');
    await shipping.getByLabel('Town / City').fill('Montréal');
    await shipping.getByLabel('Postcode / ZIP').fill('h2y1c6');
    // The order review follows the shipping address: Canada's rates, chosen here, and the tax on items and shipping.
    const review = page.getByRole('region', { name: 'Your order' });
    await review.getByLabel('Express: $25.00').check();
    await review.getByRole('row', { name: 'GST $2.75' }).waitFor();
    expect(await review.getByRole('row', { name: /^Total/ }).textContent()).toContain('$57.75');
    expect(await review.getByLabel('Express: $25.00').isChecked()).toBe(true);
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: '/tmp/shop-checkout-addresses.png', fullPage: true });
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.getByRole('heading', { level: 1, name: 'Order received' }).waitFor();

    const id = Number(new URL(page.url()).pathname.split('/')[3]);
    const order = await rest('GET', `/wc/v3/orders/${id}`);
    expect(order.billing).toMatchObject({
      country: 'US',
      state: 'CA',
      postcode: '94105',
      email: 'guest@example.com',
    });
    expect(order.shipping).toMatchObject({
      first_name: 'Sam',
      country: 'CA',
      state: 'QC',
      postcode: 'H2Y 1C6',
    });
    expect(order.shipping_lines).toMatchObject([
      { method_title: 'Express', total: '25.00', total_tax: '1.25' },
    ]);
    expect(order.tax_lines).toMatchObject([{ label: 'GST', tax_total: '1.50', shipping_tax_total: '1.25' }]);
    expect([order.total, order.total_tax]).toEqual(['57.75', '2.75']);
    // Restore the shop the next test expects: no shipping methods, no taxes.
    await rest('DELETE', `/wc/v3/shipping/zones/${canada.id}?force=true`);
  }, 60_000);

  it('should show an address error at its field without JavaScript, and swap the state field by a post', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const plain = await context.newPage();
    plain.setDefaultTimeout(8000);
    await plain.goto((await rest('GET', `/wc/v3/products/${lamp}`)).permalink);
    await plain.getByRole('button', { name: 'Add to cart' }).click();
    await plain.goto(`${base}/checkout/`);
    const billing = plain.getByRole('group', { name: 'Billing details' });
    await billing.getByLabel('Country / Region').selectOption('FR');
    await plain.getByRole('button', { name: 'Update billing country' }).click();
    // France lists no states: a text field.
    expect(await billing.getByLabel('State / County').evaluate((e) => e.tagName)).toBe('INPUT');
    await plain.getByLabel('Email address').fill('plain@example.com');
    await billing.getByLabel('First name').fill('Pia');
    await billing.getByLabel('Last name').fill('Plain');
    await billing.getByLabel('Street address').fill('9 Rue');
    await billing.getByLabel('Town / City').fill('Paris');
    await billing.getByLabel('Postcode / ZIP').fill('7500');
    await plain.getByRole('button', { name: 'Place order' }).click();
    await plain.getByText('Please enter a valid postcode / ZIP for France.').waitFor();
    expect(await billing.getByLabel('Postcode / ZIP').getAttribute('aria-invalid')).toBe('true');
    await context.close();
  }, 60_000);
});
