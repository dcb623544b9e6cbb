import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  describeInBrowser,
  expectNoSeriousA11yViolations,
  launchBrowser,
  startListeningApp,
} from '../helpers/browser.js';
import type { TestApp } from '../helpers/test-app.js';

// My account → Addresses in Chromium: a customer logs in, edits the shipping address by its labels (the state list
// following the country), and the result is checked through `wc/v3/customers`.
let t: TestApp;
let base: string;
let browser: Browser;
let page: Page;
let admin: Record<string, string>;

beforeAll(async () => {
  ({ t, url: base } = await startListeningApp());
  admin = await t.appPasswordHeader(await t.createUser({ role: 'administrator' }));
  browser = await launchBrowser();
  page = await (await browser.newContext({ viewport: { width: 1280, height: 1000 } })).newPage();
  page.setDefaultTimeout(8000);
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

describeInBrowser('My account addresses', () => {
  it('should let a customer edit the shipping address, choosing the province from the list', async () => {
    const user = await t.createUser();
    await page.goto(`${base}/my-account/`);
    const login = page.getByRole('form', { name: 'Log in' });
    await login.getByLabel('Username or email address').fill(user.username);
    await login.getByLabel('Password').fill(user.password);
    await login.getByRole('button', { name: 'Log in' }).click();
    await page
      .getByRole('navigation', { name: 'Account pages' })
      .getByRole('link', { name: 'Addresses' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Addresses' }).waitFor();
    await page.getByRole('link', { name: 'Edit Shipping address' }).click();
    await page.getByRole('heading', { level: 1, name: 'Shipping address' }).waitFor();

    await page.getByLabel('First name').fill('Sam');
    await page.getByLabel('Last name').fill('Shipper');
    await page.getByLabel('Country / Region').selectOption('CA');
    // The island swapped the state field for Canada's provinces.
    await page.getByLabel('State / County').selectOption({ label: 'Ontario' });
    await page.getByLabel('Street address').fill('1 Queen St W');
    await page.getByLabel('Town / City').fill('Toronto');
    await page.getByLabel('Postcode / ZIP').fill('M5H2N2');
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: '/tmp/account-shipping-address.png', fullPage: true });
    await page.getByLabel('Postcode / ZIP').press('Enter');
    await page.getByText('Address changed successfully.').waitFor();
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: '/tmp/account-addresses.png', fullPage: true });

    const r = await t.app.inject({
      method: 'GET',
      url: `/wp-json/wc/v3/customers/${user.id}`,
      headers: admin,
    });
    expect(r.json().shipping).toMatchObject({
      first_name: 'Sam',
      country: 'CA',
      state: 'ON',
      city: 'Toronto',
      postcode: 'M5H 2N2',
    });
  }, 45_000);
});
