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
import { seedProduct } from '../shop/cart-helpers.js';

// Tools → Erase Personal Data in Chromium: a request added without confirmation, erased, checked through the API.
let t: TestApp;
let base: string;
let browser: Browser;
let page: Page;
let admin: Record<string, string>;
let customerId: number;
let orderId: number;

const wc = (method: 'GET' | 'POST', path: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url: `/wp-json/wc/v3/${path}`, headers: admin, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  ({ t, url: base } = await startListeningApp());
  admin = (await t.login({ username: 'admin', password: 'admin-password-1' })).headers;
  const book = await seedProduct(t, { name: 'Book', price: 1250, stock: 10 });
  const billing = { first_name: 'Cleo', last_name: 'Moss', city: 'Leeds', email: 'cleo@example.com' };
  const customer = await wc('POST', 'customers', {
    email: 'cleo@example.com',
    username: 'cleo',
    password: 'secret-password-1',
    billing,
  });
  customerId = customer.json().id;
  const order = await wc('POST', 'orders', {
    customer_id: customerId,
    billing,
    line_items: [{ product_id: book, quantity: 1 }],
  });
  orderId = order.json().id;
  browser = await launchBrowser();
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    reducedMotion: 'reduce',
  });
  page = await context.newPage();
  page.setDefaultTimeout(10_000);
  await logInThroughForm(page, base, 'admin', 'admin-password-1');
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

describeInBrowser('Tools → Erase Personal Data', () => {
  it('should add a request without confirmation, erase it by keyboard and show what each eraser did', async () => {
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Erase Personal Data' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Erase Personal Data' }).waitFor();
    await page.getByLabel('Username or email address').fill('cleo');
    await page.getByRole('checkbox', { name: 'Send personal data erasure confirmation email' }).uncheck();
    await page.getByLabel('Username or email address').press('Enter');
    await page.getByRole('region', { name: 'Notices' }).getByText('Request added successfully.').waitFor();
    const table = page.getByRole('table', { name: 'Erasure requests' });
    const row = table.getByRole('row', { name: /cleo@example\.com/ });
    await expect(row.textContent()).resolves.toContain('Confirmed');
    await expectNoSeriousA11yViolations(page);

    const erase = row.getByRole('button', { name: 'Erase personal data of cleo@example.com' });
    await erase.focus();
    await page.keyboard.press('Enter');
    await row
      .getByText(`WooCommerce Orders: Personal data within order ${orderId} has been retained.`)
      .waitFor();
    await row.getByText('WooCommerce Customer Data: Removed customer "Billing First Name"').waitFor();
    await expect(row.textContent()).resolves.toContain('Completed');
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: '/tmp/erase-personal-data.png', fullPage: true });

    const customer = (await wc('GET', `customers/${customerId}`)).json();
    expect(customer.billing).toMatchObject({ first_name: '', last_name: '', city: '' });
    const order = (await wc('GET', `orders/${orderId}`)).json();
    expect(order.billing).toMatchObject({ first_name: 'Cleo', email: 'cleo@example.com' });
  }, 45_000);
});
