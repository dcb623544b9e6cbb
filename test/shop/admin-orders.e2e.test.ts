import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  describeInBrowser,
  expectNoSeriousA11yViolations,
  launchBrowser,
  logInThroughForm,
  startListeningApp,
  tabTo,
} from '../helpers/browser.js';
import type { TestApp } from '../helpers/test-app.js';
import { addToCart, customer } from '../loyalty/shop.js';
import { seedProduct } from './cart-helpers.js';

// The Orders and Customers screens driven in Chromium by the owner: an order placed through the Store API is found,
// moved along an allowed status, noted, and partly refunded from the dialog (keyboard only), with loyalty's
// clawback on its screen; the customers list shows loyalty's points balance. Results checked through the REST API.
let t: TestApp;
let base: string;
let browser: Browser;
let page: Page;
let checker: Awaited<ReturnType<TestApp['createUser']>>;
let buyer: Awaited<ReturnType<typeof customer>>;
let orderId: number;
const api = async (path: string) => {
  const r = await t.app.inject({
    method: 'GET',
    url: `/wp-json${path}`,
    headers: (await t.login(checker)).headers,
  });
  expect(r.statusCode, r.body).toBe(200);
  return r.json();
};
const notices = () => page.getByRole('region', { name: 'Notices' });

beforeAll(async () => {
  ({ t, url: base } = await startListeningApp());
  checker = await t.createUser({ role: 'administrator' });
  buyer = await customer(t);
  await t.ctx.db
    .updateTable('users')
    .set({ first_name: 'Rosa', last_name: 'Quill' })
    .where('id', '=', buyer.user.id)
    .execute();
  const lamp = await seedProduct(t, { name: 'Brass Lamp', price: 2000, stock: 10 });
  await addToCart(t, buyer.headers, lamp, 2);
  const placed = await t.app.inject({
    method: 'POST',
    url: '/wp-json/wc/store/v1/checkout',
    headers: buyer.headers,
    payload: {
      billing_address: { email: 'rosa.quill@example.com', first_name: 'Rosa', last_name: 'Quill' },
      payment_method: 'cod',
    },
  });
  expect(placed.statusCode, placed.body).toBe(200);
  orderId = placed.json().order_id;
  browser = await launchBrowser();
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  page.setDefaultTimeout(15_000);
  await logInThroughForm(page, base, 'admin', 'admin-password-1');
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

describeInBrowser('shop admin: orders and customers', () => {
  it('should find the order by search under its status tab and open it', async () => {
    await page.goto(`${base}/wp-admin/shop/orders`);
    await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
    const tabs = page.getByRole('navigation', { name: 'Order status' });
    await tabs.getByRole('link', { name: 'Processing (1)' }).waitFor();
    await page.getByRole('searchbox', { name: 'Search orders' }).fill('rosa.quill');
    await page.waitForURL(/s=rosa\.quill/);
    const table = page.getByRole('table', { name: 'Orders' });
    await page.getByText('1 order', { exact: true }).waitFor();
    await expect(table.getByRole('row').nth(1).textContent()).resolves.toContain('Processing');
    await expectNoSeriousA11yViolations(page);
    await table.getByRole('link', { name: `#${orderId} Rosa Quill` }).click();
    await page.getByRole('heading', { level: 1, name: `Order #${orderId}` }).waitFor();
  }, 60_000);

  it('should offer only the allowed statuses, complete the order, and add a note', async () => {
    const status = page.getByRole('combobox', { name: 'Status', exact: true });
    // The allowed moves arrive from /wc/v3/order-statuses after the order itself.
    await expect.poll(() => status.locator('option').allTextContents()).toContain('Completed');
    const offered = await status.locator('option').allTextContents();
    expect(offered).not.toContain('Pending payment');
    await status.selectOption('completed');
    await page.getByRole('button', { name: 'Update status' }).click();
    await notices().getByText('Order status updated.').waitFor();
    expect((await api(`/wc/v3/orders/${orderId}`)).status).toBe('completed');
    await expect.poll(() => status.locator('option').allTextContents()).toEqual(['Completed', 'Refunded']);
    // The shop's own note of the change lands in the history; loyalty's panel shows the points earned.
    await page
      .getByRole('region', { name: 'History' })
      .getByText(/Processing to Completed/i)
      .waitFor();
    const points = await api(`/loyalty/v1/orders/${orderId}/points`);
    expect(points.earned).toBe(40);
    const panel = page.getByRole('region', { name: 'Loyalty points' });
    await panel.getByText('40', { exact: true }).waitFor();
    await expect(panel.textContent()).resolves.not.toMatch(/\d\.\d\d/);

    await page.getByRole('textbox', { name: 'Add note' }).fill('Gift wrapped.');
    await page.getByRole('combobox', { name: 'Note type' }).selectOption('customer');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByRole('region', { name: 'Order notes' }).getByText('Gift wrapped.').waitFor();
    const notes = await api(`/wc/v3/orders/${orderId}/notes`);
    expect(notes[0]).toMatchObject({ note: 'Gift wrapped.', customer_note: true, added_by_user: true });
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: '/tmp/admin-order.png', fullPage: true });
  }, 60_000);

  it('should refund one lamp from the dialog with the keyboard alone, and show the clawback', async () => {
    // Where the app puts the focus after opening a screen: its heading, right before its actions.
    await page.getByRole('heading', { level: 1 }).focus();
    await tabTo(page, page.getByRole('button', { name: 'Refund', exact: true }));
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Refund order #${orderId}` });
    await dialog.waitFor();
    await tabTo(page, dialog.getByRole('spinbutton', { name: 'Quantity to refund: Brass Lamp' }));
    await page.keyboard.type('1');
    await expect(dialog.getByRole('textbox', { name: 'Refund amount' }).inputValue()).resolves.toBe('20.00');
    await tabTo(page, dialog.getByRole('textbox', { name: 'Reason for refund (optional)' }));
    await page.keyboard.type('Dented shade');
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: '/tmp/admin-refund-dialog.png' });
    await tabTo(page, dialog.getByRole('button', { name: 'Refund', exact: true }));
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    await notices().getByText('Refund recorded.').waitFor();
    await page.getByRole('table', { name: 'Refunds made' }).getByText('Dented shade').waitFor();
    await page.getByRole('region', { name: 'Loyalty points' }).getByText('20', { exact: true }).waitFor();

    const refunds = await api(`/wc/v3/orders/${orderId}/refunds`);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ amount: '20.00', reason: 'Dented shade' });
    expect(refunds[0].line_items[0]).toMatchObject({ name: 'Brass Lamp', quantity: -1 });
    expect(await api(`/loyalty/v1/orders/${orderId}/points`)).toMatchObject({
      earned: 40,
      clawed_back: 20,
    });
    await page
      .getByRole('region', { name: 'Cart recovery' })
      .getByText(/did not recover/)
      .waitFor();
  }, 60_000);

  it("should list customers with loyalty's points balance and open one with their orders", async () => {
    await page.goto(`${base}/wp-admin/shop/customers?s=${encodeURIComponent(buyer.user.email)}`);
    await page.getByRole('heading', { level: 1, name: 'Customers' }).waitFor();
    const row = page.getByRole('table', { name: 'Customers' }).getByRole('row', { name: /Rosa Quill/ });
    await row.getByRole('cell', { name: '20', exact: true }).waitFor(); // the points balance, whole
    expect(await row.textContent()).toContain('$20.00'); // spent: 40.00 − 20.00 refunded
    const balances = await api(`/loyalty/v1/balances?include=${buyer.user.id}`);
    expect(balances[0].balance).toBe(20);
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: '/tmp/admin-customers.png' });
    await row.getByRole('link', { name: 'Rosa Quill' }).click();
    await page.getByRole('heading', { level: 1, name: 'Rosa Quill' }).waitFor();
    await page
      .getByRole('table', { name: 'Orders of Rosa Quill' })
      .getByRole('link', { name: `#${orderId}` })
      .waitFor();
    await page.getByRole('region', { name: 'Loyalty points' }).getByText('20 points').waitFor();
    await expectNoSeriousA11yViolations(page);
  }, 60_000);
});
