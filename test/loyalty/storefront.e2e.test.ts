import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  describeInBrowser,
  expectNoSeriousA11yViolations,
  launchBrowser,
  startListeningApp,
} from '../helpers/browser.js';
import type { TestApp } from '../helpers/test-app.js';
import { adjust, adminSession, loyalty } from './helpers.js';
import { entriesOf } from './shop.js';

// A customer in Chromium: logs in on My account, adds a product, redeems points at checkout with the widget (in
// place, through the Store API), places the order, and once the order is completed (by the admin, through wc/v3)
// finds its points in My account → Points. A guest arriving by a referral link registers. Controls are found by role
// and label; axe checks every page; results are checked through the REST API.
let t: TestApp;
let base: string;
let browser: Browser;
let admin: Record<string, string>;
let adminCookie: Record<string, string>;
let chair: { id: number; slug: string };
let ada: Awaited<ReturnType<TestApp['createUser']>>;

async function wc(method: 'GET' | 'POST' | 'PUT', path: string, payload?: object) {
  const r = await t.app.inject({ method, url: `/wp-json/wc/v3${path}`, headers: admin, payload });
  expect(r.statusCode, r.body).toBeLessThan(300);
  return r.json();
}

beforeAll(async () => {
  ({ t, url: base } = await startListeningApp());
  admin = await t.appPasswordHeader(await t.createUser({ role: 'administrator' }));
  ({ headers: adminCookie } = await adminSession(t));
  const settings = await loyalty(t, 'POST', '/settings', adminCookie, {
    referrals_enabled: true,
    referrals_newCustomerDiscount: 5,
  });
  expect(settings.statusCode).toBe(200);
  chair = await wc('POST', '/products', { name: 'Oak Chair', regular_price: '50.00' });
  ada = await t.createUser({ username: 'ada', email: 'ada@example.com', password: 'ada-password-1' });
  await adjust(t, adminCookie, { user_id: ada.id, amount: 3000 });
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
  const page = await context.newPage();
  page.setDefaultTimeout(5_000); // a missing element fails with its name, well before the test's timeout
  return page;
}

describeInBrowser('loyalty on the storefront', () => {
  it('should let a customer redeem points at checkout and find the order’s points in My account → Points', async () => {
    const page = await newPage();
    await page.goto(`${base}/my-account/`);
    await page.getByRole('heading', { level: 1, name: 'My account' }).waitFor();
    await expectNoSeriousA11yViolations(page);
    const login = page.getByRole('form', { name: 'Log in' });
    await login.getByLabel('Username or email address').fill('ada@example.com');
    await login.getByLabel('Password').fill('ada-password-1');
    await login.getByRole('checkbox', { name: 'Remember me' }).check();
    await login.getByRole('button', { name: 'Log in' }).click();
    await page.getByText('Hello').waitFor();
    await expectNoSeriousA11yViolations(page);

    await page.goto(`${base}/product/${chair.slug}/`);
    await page.getByRole('heading', { level: 1, name: 'Oak Chair' }).waitFor();
    await page.getByText('Earn 50 points with this purchase.').waitFor();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.getByRole('link', { name: 'Cart (1)' }).waitFor();

    await page.goto(`${base}/checkout/`);
    await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
    const widget = page.getByRole('region', { name: 'Use your points' });
    await widget.getByText('You have 3,000 points').waitFor();
    await expectNoSeriousA11yViolations(page);
    const points = widget.getByRole('spinbutton', { name: 'Points to use' });
    expect(await points.inputValue()).toBe('2500');
    await points.fill('50');
    await widget.getByRole('button', { name: 'Apply points' }).click();
    await widget.getByRole('alert').getByText('At least 100 points must be redeemed.').waitFor();
    await points.fill('1000');
    await widget.getByRole('button', { name: 'Apply points' }).click();
    await widget.getByText('1,000 points applied: −$10.00 off this order.').waitFor();
    expect(page.url()).toBe(`${base}/checkout/`); // in place, no form post
    expect(await page.getByRole('row', { name: /^Points discount/ }).textContent()).toContain('$-10.00');
    expect(await page.getByRole('row', { name: /^Total/ }).textContent()).toContain('$40.00');
    await page.getByText('Complete this order to earn 40 points!').waitFor();
    expect(
      await widget
        .getByRole('button', { name: 'Remove points' })
        .evaluate((b) => b === b.ownerDocument.activeElement),
    ).toBe(true);
    await expectNoSeriousA11yViolations(page);
    const cart = await t.app.inject({
      method: 'GET',
      url: '/wp-json/wc/store/v1/cart',
      headers: await t.appPasswordHeader(ada),
    });
    expect(cart.json().extensions.loyalty.redemption).toMatchObject({ points: 1000 });

    expect(await page.getByRole('textbox', { name: 'Email address', exact: true }).inputValue()).toBe(
      'ada@example.com',
    );
    const billing = page.getByRole('group', { name: 'Billing details' });
    await billing.getByRole('textbox', { name: 'First name', exact: true }).fill('Ada');
    await billing.getByRole('textbox', { name: 'Last name', exact: true }).fill('Lovelace');
    await billing.getByLabel('Country / Region').selectOption('GB');
    await billing.getByLabel('Street address').fill('12 St James’s Square');
    await billing.getByLabel('Town / City').fill('London');
    await billing.getByLabel('Postcode / ZIP').fill('SW1Y 4JH');
    // Enter in a billing field places the order, as on a checkout without the widget (not Apply points).
    await billing.getByLabel('Postcode / ZIP').press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Order received' }).waitFor();
    await page.getByText('This order will earn you 40 points once it is complete.').waitFor();
    await expectNoSeriousA11yViolations(page);
    const orderId = Number(new URL(page.url()).pathname.split('/')[3]);
    const order = await wc('GET', `/orders/${orderId}`);
    expect(order).toMatchObject({ customer_id: ada.id, total: '40.00' });

    await wc('PUT', `/orders/${orderId}`, { status: 'completed' });
    await page.getByRole('link', { name: 'My account' }).first().click();
    await page
      .getByRole('navigation', { name: 'Account pages' })
      .getByRole('link', { name: 'Points' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Points' }).waitFor();
    await page.getByText('2,040 points').waitFor();
    const history = page.getByRole('table', { name: /Your points history/ });
    const earned = history.getByRole('row', { name: new RegExp(`Points earned for order #${orderId}`) });
    expect(await earned.textContent()).toMatch(/\+40\s*$/);
    const redeemed = history.getByRole('row', {
      name: new RegExp(`redeemed at checkout for order #${orderId}`),
    });
    expect(await redeemed.textContent()).toMatch(/−1,000\s*$/);
    await expectNoSeriousA11yViolations(page);
    const link = await page.getByRole('textbox', { name: 'Your referral link' }).inputValue();
    expect(link).toMatch(new RegExp(`^${base}/\\?ref=[A-Z0-9]{8}$`));
    await page.getByRole('button', { name: 'Copy link' }).click();
    await page.getByRole('status').getByText('Link copied.').waitFor();
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(link);
    const ledger = await entriesOf(t, adminCookie, ada.id);
    expect(ledger.slice(0, 2)).toEqual([
      expect.objectContaining({ transaction_type: 'credit', amount: '40.00', reference_id: orderId }),
      expect.objectContaining({ transaction_type: 'debit', amount: '1000.00', reference_id: orderId }),
    ]);
    await page.context().close();
  }, 45_000);

  it('should let a guest who follows a referral link register on My account', async () => {
    const me = await loyalty(t, 'GET', `/customers/${ada.id}`, adminCookie);
    const code = me.json().referral.code as string;
    const page = await newPage();
    await page.goto(`${base}/?ref=${code}`);
    await page.getByText('A friend invited you').waitFor();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('status').getByRole('link', { name: 'create an account' }).click();
    await page.getByRole('heading', { level: 1, name: 'My account' }).waitFor();
    const register = page.getByRole('form', { name: 'Register' });
    await register.getByLabel('Email address').fill('grace@example.com');
    await register.getByLabel('Password').fill('grace-password-1');
    await register.getByRole('button', { name: 'Register' }).click();
    await page.getByText('Hello').waitFor();
    await page
      .getByRole('navigation', { name: 'Account pages' })
      .getByRole('link', { name: 'Dashboard' })
      .waitFor();
    await expectNoSeriousA11yViolations(page);
    const customers = await wc('GET', '/customers?email=grace@example.com');
    expect(customers).toHaveLength(1);
    // Linked to Ada by the referral cookie: the first order gets the new-customer discount.
    await page.goto(`${base}/product/${chair.slug}/`);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.getByRole('link', { name: 'Cart (1)' }).waitFor();
    const grace = await t.ctx.shop.getCartForPrincipal({
      kind: 'user',
      via: 'cookie',
      user: { ...customers[0], role: 'customer' },
      capabilities: new Set(),
    });
    expect(grace?.fees).toEqual([expect.objectContaining({ name: 'Referral discount', amount: -500 })]);
    await page.context().close();
  });
});
