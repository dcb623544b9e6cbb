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

// The shop's Coupons and Reviews screens driven in Chromium by the owner: a coupon made with the keyboard alone and
// used on a cart through the Store API, the server's refusal at its field, deleting; reviews moderated one by one
// and in bulk. Every result is checked through the REST API.
type Json = Record<string, any>;
let t: TestApp;
let base: string;
let browser: Browser;
let page: Page;
let admin: Record<string, string>;
let tea: number;

beforeAll(async () => {
  ({ t, url: base } = await startListeningApp());
  admin = await t.appPasswordHeader(await t.createUser({ role: 'administrator' }));
  tea = await seedProduct(t, { name: 'Tea', price: 2000 });
  for (const [reviewer, rating] of [
    ['Ann', 5],
    ['Ben', 4],
    ['Cat', 1],
  ] as const) {
    await rest('POST', '/wc/v3/products/reviews', {
      product_id: tea,
      review: `${reviewer} says hello.`,
      reviewer,
      reviewer_email: `${reviewer.toLowerCase()}@example.com`,
      rating,
      status: 'hold',
    });
  }
  browser = await launchBrowser();
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  page.setDefaultTimeout(8000);
  await logInThroughForm(page, base, 'admin', 'admin-password-1');
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

async function rest(method: 'GET' | 'POST' | 'DELETE', path: string, payload?: object, headers = admin) {
  const r = await t.app.inject({ method, url: `/wp-json${path}`, headers, payload });
  expect(r.statusCode, r.body).toBeLessThan(300);
  return r.json();
}

const notices = () => page.getByRole('region', { name: 'Notices' });

/** A customer's Store API calls (by application password, so the cart knows their e-mail). */
async function customerCart(email: string) {
  const headers = await t.appPasswordHeader(await t.createUser({ email }));
  return (path: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `/wp-json/wc/store/v1/cart/${path}`, headers, payload });
}

describeInBrowser('shop admin: coupons and reviews', () => {
  it('should make a coupon with the keyboard alone that a cart then gets its discount from', async () => {
    await page.goto(`${base}/wp-admin/shop/coupons`);
    await page.getByRole('heading', { level: 1, name: 'Coupons' }).waitFor();
    await page.getByText('0 coupons').waitFor();
    await expectNoSeriousA11yViolations(page);

    await tabTo(page, page.getByRole('link', { name: 'Skip to main content' }));
    await page.keyboard.press('Enter');
    await tabTo(page, page.getByRole('link', { name: 'Add Coupon' }));
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Add Coupon' }).waitFor();
    await tabTo(page, page.getByLabel('Coupon code'));
    await page.keyboard.type('Kim10');
    await tabTo(page, page.getByLabel('Discount type'));
    await page.keyboard.type('Percentage'); // a select's type-ahead
    await tabTo(page, page.getByLabel('Coupon amount (%)'));
    await page.keyboard.type('10');
    await tabTo(page, page.getByLabel('Minimum spend'));
    await page.keyboard.type('30');
    await tabTo(page, page.getByLabel('Individual use only'));
    await page.keyboard.press('Space');
    await tabTo(page, page.getByLabel('Allowed e-mails'));
    await page.keyboard.type('kim@example.com');
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: '/tmp/shop-coupon-form.png', fullPage: true });
    await tabTo(page, page.getByRole('button', { name: 'Add Coupon' }));
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Edit Coupon' }).waitFor();
    await notices().getByText('Coupon kim10 saved.').waitFor();

    const [coupon] = await rest('GET', '/wc/v3/coupons?code=kim10');
    expect(coupon).toMatchObject({
      code: 'kim10',
      discount_type: 'percent',
      amount: '10.00',
      individual_use: true,
      email_restrictions: ['kim@example.com'],
      minimum_amount: '30.00',
      usage_limit: null,
      date_expires: null,
    });
    expect(new URL(page.url()).pathname).toBe(`/wp-admin/shop/coupons/${coupon.id}`);
    const kim = await customerCart('kim@example.com');
    expect((await kim('add-item', { id: tea, quantity: 1 })).statusCode).toBe(201);
    const belowMinimum = await kim('apply-coupon', { code: 'KIM10' });
    expect(belowMinimum.statusCode).toBe(400);
    expect(belowMinimum.json().message).toMatch(/minimum spend for this coupon is \$30\.00/);
    await kim('add-item', { id: tea, quantity: 1 });
    const applied = await kim('apply-coupon', { code: 'KIM10' });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().totals).toMatchObject({ total_discount: '400', total_price: '3600' });
    const lee = await customerCart('lee@example.com');
    await lee('add-item', { id: tea, quantity: 2 });
    const refused = await lee('apply-coupon', { code: 'KIM10' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/not yours/);
  }, 60_000);

  it("should show the server's refusal at its field, change nothing, and ask before leaving unsaved changes", async () => {
    const [coupon] = await rest('GET', '/wc/v3/coupons?code=kim10');
    await page.goto(`${base}/wp-admin/shop/coupons/${coupon.id}`);
    const amount = page.getByLabel('Coupon amount (%)');
    await expect(amount.inputValue()).resolves.toBe('10.00');
    await amount.fill('150');
    await page.getByLabel('Coupon expiry date').fill('2030-01-31');
    await page.getByRole('button', { name: 'Update Coupon' }).click();
    await expect
      .poll(async () => page.locator(`#${await amount.getAttribute('aria-describedby')}`).textContent())
      .toBe('A percentage discount may not exceed 100.');
    await expect(amount.getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(amount.evaluate((el) => el === el.ownerDocument.activeElement)).resolves.toBe(true);
    expect((await rest('GET', `/wc/v3/coupons/${coupon.id}`)).amount).toBe('10.00');

    const asked = page.waitForEvent('dialog').then(async (dialog) => {
      await dialog.dismiss();
      return dialog.message();
    });
    await page.getByRole('link', { name: 'All coupons' }).click();
    expect(await asked).toMatch(/changes you made will be lost/);
    expect(new URL(page.url()).pathname).toBe(`/wp-admin/shop/coupons/${coupon.id}`);

    await amount.fill('15');
    await page.getByRole('combobox', { name: 'Products', exact: true }).fill('Te');
    await page.getByRole('option', { name: `Tea (#${tea})` }).click();
    await page.getByRole('button', { name: 'Update Coupon' }).click();
    await notices().getByText('Coupon kim10 saved.').waitFor();
    expect(await rest('GET', `/wc/v3/coupons/${coupon.id}`)).toMatchObject({
      amount: '15.00',
      date_expires: '2030-01-31T00:00:00',
      product_ids: [tea],
    });
  }, 60_000);

  it('should list, search and delete coupons, paged on the server', async () => {
    await rest('POST', '/wc/v3/coupons', {
      code: 'OLD5',
      discount_type: 'fixed_cart',
      amount: '5',
      usage_limit: 3,
    });
    await page.goto(`${base}/wp-admin/shop/coupons`);
    await page.getByText('2 coupons').waitFor();
    const table = page.getByRole('table', { name: 'Coupons' });
    const old = table.getByRole('row', { name: /old5/ });
    await expect(old.textContent()).resolves.toMatch(/Fixed cart discount.*\$5\.00.*0 \/ 3/);
    await expect(table.getByRole('row', { name: /kim10/ }).textContent()).resolves.toMatch(
      /Percentage discount.*15%.*0 \/ ∞.*Jan 31, 2030/,
    );
    await page.getByLabel('Search coupons').fill('old');
    await page.getByText('1 coupon', { exact: true }).waitFor();
    expect(new URL(page.url()).searchParams.get('s')).toBe('old');
    await page.getByRole('button', { name: 'Delete old5' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete coupon' });
    await dialog.getByRole('button', { name: 'Delete permanently' }).click();
    await notices().getByText('Coupon old5 deleted.').waitFor();
    await page.getByText('0 coupons').waitFor();
    expect(await rest('GET', '/wc/v3/coupons?code=old5')).toEqual([]);
  }, 60_000);

  it('should approve reviews in bulk, mark one as spam and delete it for good', async () => {
    await page.goto(`${base}/wp-admin/shop/reviews`);
    await page.getByRole('heading', { level: 1, name: 'Reviews' }).waitFor();
    const views = page.getByRole('navigation', { name: 'Review status' });
    await views.getByRole('link', { name: 'Pending (3)' }).waitFor();
    const table = page.getByRole('table', { name: 'Product reviews' });
    await expect(table.getByRole('row', { name: /Ben/ }).textContent()).resolves.toMatch(
      /ben@example\.com.*4 out of 5.*Ben says hello\..*Tea/,
    );
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: '/tmp/shop-reviews.png', fullPage: true });

    await page.getByLabel('Select the review by Ann').check();
    await page.getByLabel('Select the review by Ben').check();
    await page.getByLabel('Bulk actions').selectOption({ label: 'Approve' });
    await page.getByRole('button', { name: 'Apply to 2 checked' }).click();
    await notices().getByText('2 reviews approved.').waitFor();
    await views.getByRole('link', { name: 'Approved (2)' }).waitFor();
    await page.getByRole('button', { name: 'Spam: Cat' }).click();
    await notices().getByText('1 review marked as spam.').waitFor();
    await views.getByRole('link', { name: 'Pending (0)' }).waitFor();

    const statuses = async () =>
      Object.fromEntries(
        ((await rest('GET', '/wc/v3/products/reviews?status=all')) as Json[]).map((r) => [
          r.reviewer,
          r.status,
        ]),
      );
    expect(await statuses()).toEqual({ Ann: 'approved', Ben: 'approved', Cat: 'spam' });

    await views.getByRole('link', { name: 'Spam (1)' }).click();
    expect(new URL(page.url()).searchParams.get('status')).toBe('spam');
    await page.getByRole('button', { name: 'Delete Permanently: Cat' }).click();
    await page
      .getByRole('dialog', { name: 'Delete review' })
      .getByRole('button', { name: 'Delete Permanently' })
      .click();
    await notices().getByText('1 review permanently deleted.').waitFor();
    await views.getByRole('link', { name: 'Spam (0)' }).waitFor();
    expect(await statuses()).toEqual({ Ann: 'approved', Ben: 'approved' });
  }, 60_000);
});
