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
import { adjust, adminSession } from './helpers.js';

// The checkout's points widget on a cart with shipping and tax: applying and removing points in place keeps the
// totals rows exactly as the shop's page shows them (Shipping, the VAT row, or the tax inside the subtotal and the
// "(includes …)" note), checked against the page rendered again by the server.
let t: TestApp;
let base: string;
let browser: Browser;
let admin: Record<string, string>;
let page: Page;

async function wc(method: 'POST' | 'PUT', path: string, payload: object) {
  const r = await t.app.inject({ method, url: `/wp-json/wc/v3${path}`, headers: admin, payload });
  expect(r.statusCode, r.body).toBeLessThan(300);
  return r.json();
}

beforeAll(async () => {
  ({ t, url: base } = await startListeningApp());
  admin = await t.appPasswordHeader(await t.createUser({ role: 'administrator' }));
  const { headers: adminCookie } = await adminSession(t);
  const lamp = await wc('POST', '/products', { name: 'Lamp', regular_price: '50.00' });
  const eu = await wc('POST', '/shipping/zones', { name: 'Europe', order: 1 });
  await wc('PUT', `/shipping/zones/${eu.id}/locations`, [{ code: 'EU', type: 'continent' }]);
  await wc('POST', `/shipping/zones/${eu.id}/methods`, {
    method_id: 'flat_rate',
    settings: { title: 'Courier', cost: '7.45' },
  });
  await wc('POST', '/taxes', { country: 'FR', rate: '20', name: 'TVA', shipping: true });
  await wc('PUT', '/settings/general/woocommerce_calc_taxes', { value: 'yes' });
  const marie = await t.createUser({
    username: 'marie',
    email: 'marie@example.com',
    password: 'marie-pass-1',
  });
  await adjust(t, adminCookie, { user_id: marie.id, amount: 3000 });
  const own = await t.appPasswordHeader(marie);
  const store = (path: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `/wp-json/wc/store/v1/${path}`, headers: own, payload });
  expect((await store('cart/add-item', { id: lamp.id, quantity: 2 })).statusCode).toBe(201);
  const paris = { country: 'FR', postcode: '75001', city: 'Paris' };
  const r = await store('cart/update-customer', { shipping_address: paris, billing_address: paris });
  expect(r.statusCode, r.body).toBe(200);
  browser = await launchBrowser();
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  page.setDefaultTimeout(5_000);
  await logInThroughForm(page, base, 'marie', 'marie-pass-1');
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

/** The order totals rows as shown (each row's cells' text, spaces collapsed). */
async function totalsRows(): Promise<string[]> {
  const table = page.locator('table').filter({ has: page.locator('[data-cart-total]') });
  const rows = await table.locator('[data-cart-total]').evaluate((total) =>
    [...(total.closest('tfoot, tbody')?.querySelectorAll('tr') ?? [])].map((tr) =>
      [...tr.children]
        .map((cell) => cell.textContent ?? '')
        .join(' ')
        .replace(/\s+/g, ' ')
        .trim(),
    ),
  );
  return rows;
}

/** Applies `points` with the widget, then checks the rows against the page rendered again by the server. */
async function applyAndCompare(points: string): Promise<string[]> {
  const widget = page.getByRole('region', { name: 'Use your points' });
  await widget.getByRole('spinbutton', { name: 'Points to use' }).fill(points);
  await widget.getByRole('button', { name: 'Apply points' }).click();
  await widget.getByText(`${points} points applied`).waitFor();
  const inPlace = await totalsRows();
  await page.reload();
  await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
  expect(inPlace).toEqual(await totalsRows());
  return inPlace;
}

async function removePoints(): Promise<string[]> {
  const widget = page.getByRole('region', { name: 'Use your points' });
  await widget.getByRole('button', { name: 'Remove points' }).click();
  await widget.getByRole('button', { name: 'Apply points' }).waitFor();
  const inPlace = await totalsRows();
  await page.reload();
  await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
  expect(inPlace).toEqual(await totalsRows());
  return inPlace;
}

describeInBrowser('the points widget with shipping and tax', () => {
  it('should keep the shipping and tax rows when points are applied and removed (prices shown without tax)', async () => {
    await page.goto(`${base}/checkout/`);
    await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
    await page.getByText('Complete this order to earn 100 points!').waitFor();
    const rows = await applyAndCompare('500');
    expect(rows).toEqual([
      'Subtotal $100.00',
      'Points discount $-5.00',
      'Shipping $7.45',
      'TVA $21.49',
      'Total $123.94',
    ]);
    await page.getByText('Complete this order to earn 95 points!').waitFor();
    await expectNoSeriousA11yViolations(page);
    expect(await removePoints()).toEqual([
      'Subtotal $100.00',
      'Shipping $7.45',
      'TVA $21.49',
      'Total $128.94',
    ]);
    await page.screenshot({ path: '/tmp/loyalty-checkout-tax.png', fullPage: true });
  });

  it('should show the tax inside the subtotal and the total when the cart shows prices with tax', async () => {
    await wc('PUT', '/settings/tax/woocommerce_tax_display_cart', { value: 'incl' });
    await page.goto(`${base}/checkout/`);
    await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
    expect(await applyAndCompare('500')).toEqual([
      'Subtotal $120.00',
      'Points discount $-5.00',
      'Shipping $7.45',
      'Total $123.94 (includes $21.49 TVA)',
    ]);
    await removePoints();
  });
});
