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
import { seedProduct } from './cart-helpers.js';

// Shop → Emails driven in Chromium by the owner, by keyboard: an e-mail turned off from the list, an owner
// e-mail's recipient (a bad one refused at its field) and subject edited, its preview rendered in a sandboxed
// frame with the newest order. Every result is checked through the REST API.
let t: TestApp;
let base: string;
let browser: Browser;
let page: Page;
let admin: Record<string, string>;
let orderId: number;

beforeAll(async () => {
  ({ t, url: base } = await startListeningApp());
  admin = await t.appPasswordHeader(await t.createUser({ role: 'administrator' }));
  const mug = await seedProduct(t, { name: 'Blue mug', price: 1250 });
  orderId = (
    await rest('POST', '/wc/v3/orders', {
      billing: { email: 'ann@example.com', first_name: 'Ann', last_name: 'Lee' },
      line_items: [{ product_id: mug, quantity: 2 }],
    })
  ).id;
  browser = await launchBrowser();
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  page.setDefaultTimeout(8000);
  await logInThroughForm(page, base, 'admin', 'admin-password-1');
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

async function rest(method: 'GET' | 'POST', path: string, payload?: unknown) {
  const r = await t.app.inject({
    method,
    url: `/wp-json${path}`,
    headers: admin,
    payload: payload as object,
  });
  expect(r.statusCode, r.body).toBeLessThan(300);
  return r.json();
}

const setting = async (group: string, id: string) =>
  (await rest('GET', `/wc/v3/settings/${group}/${id}`)).value;
const notices = () => page.getByRole('region', { name: 'Notices' });

describeInBrowser('shop admin: emails', () => {
  it('should turn an e-mail off from the list by keyboard', async () => {
    await page.goto(`${base}/wp-admin/shop/emails`);
    await page.getByRole('heading', { level: 1, name: 'Emails' }).waitFor();
    await page
      .getByRole('row', { name: /Cancelled order/ })
      .getByText('admin@example.com')
      .waitFor();
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: '/tmp/shop-emails.png' });

    const toggle = page.getByRole('checkbox', { name: 'Enable “Completed order”' });
    await expect(toggle.isChecked()).resolves.toBe(true);
    // From the table's first control, Tab walks the rows (switch, name, Manage) to this one.
    await page.getByRole('checkbox', { name: 'Enable “New order”' }).focus();
    await tabTo(page, toggle);
    await page.keyboard.press('Space');
    await notices().getByText('“Completed order” is disabled.').waitFor();
    await expect.poll(() => setting('email_customer_completed_order', 'enabled')).toBe('no');
  });

  it("should edit an owner e-mail's recipient and subject and show the preview", async () => {
    await page.goto(`${base}/wp-admin/shop/emails`);
    const manage = page.getByRole('link', { name: 'Manage “New order”' });
    await page.getByRole('checkbox', { name: 'Enable “New order”' }).focus();
    await tabTo(page, manage);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'New order' }).waitFor();
    const preview = page.frameLocator('iframe[title="Preview of “New order”"]');
    await preview.getByText('Congratulations on the sale.').waitFor();
    await expect(page.locator('iframe[sandbox=""]').count()).resolves.toBe(1);
    await page.getByText(`Shown with the newest order, #${orderId}.`).waitFor();

    const recipient = page.getByLabel('Recipient(s)');
    await page.getByRole('checkbox', { name: 'Enable this email notification' }).focus();
    await tabTo(page, recipient);
    await page.keyboard.type('boss@example.com, nobody');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page
      .getByText('recipient must be one or more e-mail addresses separated by commas.')
      .first()
      .waitFor();
    expect(await setting('email_new_order', 'recipient')).toBe('');

    await recipient.fill('boss@example.com');
    await page.getByLabel('Subject').fill('Sale #{order_number} at {site_title}');
    await page.getByLabel('Subject').press('Enter');
    await notices().getByText('Your settings have been saved.').waitFor();
    expect(await setting('email_new_order', 'recipient')).toBe('boss@example.com');
    expect(await setting('email_new_order', 'subject')).toBe('Sale #{order_number} at {site_title}');
    await page.getByText(`Subject: Sale #${orderId} at Storeside`).waitFor();
    await preview.getByText('Blue mug').waitFor();
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: '/tmp/shop-email.png', fullPage: true });
    await page.locator('iframe[sandbox=""]').scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/shop-email-preview.png' });
  });
});
