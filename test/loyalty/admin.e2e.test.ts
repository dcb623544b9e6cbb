import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ManualClock } from '../../src/platform/clock.js';
import {
  describeInBrowser,
  expectNoSeriousA11yViolations,
  launchBrowser,
  logInThroughForm,
  startListeningApp,
  tabTo,
} from '../helpers/browser.js';
import type { TestApp } from '../helpers/test-app.js';
import { seedProduct } from '../shop/cart-helpers.js';
import { adjust, loyalty } from './helpers.js';
import { addToCart, checkout, setOrderStatus } from './shop.js';

// The loyalty screens driven in Chromium by an owner: the ledger and its filters, paging and export, adjusting
// points (idempotent), customers, settings, and the dashboard card; every result checked through the REST API.
let t: TestApp;
let base: string;
let browser: Browser;
let page: Page;
let clock: ManualClock;
// The API checks log in afresh each time: a test moves the clock past the nonces' lifetime.
let checker: Awaited<ReturnType<TestApp['createUser']>>;
const headers = async () => (await t.login(checker)).headers;
let jane: { id: number; username: string; password: string };
let omar: { id: number };

beforeAll(async () => {
  clock = new ManualClock(new Date());
  ({ t, url: base } = await startListeningApp({}, { clock }));
  checker = await t.createUser({ role: 'administrator' });
  const admin = await headers();
  jane = await t.createUser({ username: 'jane', email: 'jane@example.com' });
  omar = await t.createUser({ username: 'omar', email: 'omar@example.com' });
  for (let i = 1; i <= 22; i++)
    await adjust(t, admin, { user_id: jane.id, amount: 10 * i, reason: `Gift ${i}` });
  await adjust(t, admin, { user_id: omar.id, amount: 500, reason: 'Welcome' });
  await adjust(t, admin, { user_id: omar.id, amount: 100, type: 'debit', reason: 'Correction' });
  browser = await launchBrowser();
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await logInThroughForm(page, base, 'admin', 'admin-password-1');
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

const notices = () => page.getByRole('region', { name: 'Notices' });

async function apiTotal(query: string): Promise<number> {
  const r = await loyalty(t, 'GET', `/ledger?${query}`, await headers());
  expect(r.statusCode).toBe(200);
  return Number(r.headers['x-wp-total']);
}

async function balanceOf(userId: number): Promise<number> {
  const r = await loyalty(t, 'GET', `/customers/${userId}`, await headers());
  return r.json().balance as number;
}

async function pickCustomer(scope: Page | ReturnType<Page['getByRole']>, label: string, term: string) {
  const box = scope.getByRole('combobox', { name: label });
  await box.fill(term);
  await scope.getByRole('option', { name: new RegExp(`${term}@example\\.com`) }).click();
}

describeInBrowser('loyalty admin screens', () => {
  it('should list the ledger with its exact total, page on the server and keep filters in the URL', async () => {
    await page.goto(`${base}/wp-admin/loyalty/ledger`);
    await page.getByRole('heading', { level: 1, name: 'Points Ledger' }).waitFor();
    await page.getByText(`${await apiTotal('')} entries`).waitFor();
    const table = page.getByRole('table', { name: 'Ledger entries' });
    await expect.poll(() => table.getByRole('row').count()).toBe(21); // header + 20
    // Names come from a second request (/wp/v2/users?include=): wait for them.
    await expect.poll(() => table.getByRole('row').nth(1).textContent()).toContain('omar@example.com');
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: 'Next page' }).click();
    await page.getByText('Page 2 of 2').waitFor();
    expect(new URL(page.url()).searchParams.get('paged')).toBe('2');
    const rowsOnPage2 = 1 + (await apiTotal('')) - 20;
    await expect.poll(() => table.getByRole('row').count()).toBe(rowsOnPage2);
    await page.goBack();
    await page.getByText('Page 1 of 2').waitFor();

    await pickCustomer(page, 'Customer', 'omar');
    await page.getByLabel('Type', { exact: true }).selectOption('debit');
    await page.getByText('1 entry', { exact: true }).waitFor();
    const url = new URL(page.url());
    expect(url.searchParams.get('user_id')).toBe(String(omar.id));
    expect(url.searchParams.get('transaction_type')).toBe('debit');
    expect(await apiTotal(`user_id=${omar.id}&transaction_type=debit`)).toBe(1);
    await expect(table.textContent()).resolves.toContain('Correction');

    await page.getByLabel('Reference type').selectOption('order');
    await page.getByText('0 entries').waitFor();
    await page.getByLabel('Reference type').selectOption('');
    const today = clock.now().toISOString().slice(0, 10);
    await page.getByLabel('From', { exact: true }).fill(today);
    await page.getByLabel('To', { exact: true }).fill(today);
    await page.getByText('1 entry', { exact: true }).waitFor();
    expect(new URL(page.url()).searchParams.get('date_from')).toBe(today);
    // A reload keeps every filter.
    await page.reload();
    await page.getByText('1 entry', { exact: true }).waitFor();
    await expect(page.getByLabel('Type', { exact: true }).inputValue()).resolves.toBe('debit');
  });

  it('should export the current filter as a CSV download from a link', async () => {
    await page.goto(`${base}/wp-admin/loyalty/ledger?user_id=${omar.id}`);
    await page.getByText('2 entries').waitFor();
    const link = page.getByRole('link', { name: 'Export CSV' });
    expect(await link.getAttribute('href')).toMatch(
      new RegExp(`^/wp-json/loyalty/v1/export/ledger\\?user_id=${omar.id}&_wpnonce=[0-9a-f]{10}$`),
    );
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    const text = await (await download.createReadStream())
      .toArray()
      .then((chunks) => Buffer.concat(chunks).toString());
    const lines = text.trim().split('\n');
    expect(lines).toHaveLength(3); // header + omar's two entries
    expect(text).toContain('Welcome');
    expect(text).not.toContain('Gift');
  });

  it('should adjust points from the dialog once per opened dialog, even on a double click', async () => {
    await page.goto(`${base}/wp-admin/loyalty/ledger`);
    await page.getByRole('button', { name: 'Adjust Points' }).click();
    const dialog = page.getByRole('dialog', { name: 'Adjust Points' });
    await pickCustomer(dialog, 'Customer', 'omar');
    await dialog.getByLabel('Type').selectOption('credit');
    await dialog.getByLabel('Points').fill('250');
    await dialog.getByLabel('Reason').fill('Birthday present');
    await dialog.getByRole('button', { name: 'Adjust Points' }).dblclick();
    await notices().getByText('New balance: 650 points.').waitFor();
    expect(await balanceOf(omar.id)).toBe(650);
    expect(await apiTotal(`user_id=${omar.id}&transaction_type=credit`)).toBe(2);
  });

  it("should show the server's refusal at its field and renew an expired nonce without a reload", async () => {
    await page.goto(`${base}/wp-admin/loyalty/ledger`);
    await page.getByRole('heading', { level: 1, name: 'Points Ledger' }).waitFor();
    clock.advance(25 * 3600 * 1000); // the page's nonce is now two ticks old: refused, then renewed
    // Keyboard only from here: Tab to the button, open the dialog, fill it field by field, submit with Enter.
    // As a keyboard user does: the skip link first (the menus hold many links), then to the button.
    await tabTo(page, page.getByRole('link', { name: 'Skip to main content' }));
    await page.keyboard.press('Enter');
    await tabTo(page, page.getByRole('button', { name: 'Adjust Points' }));
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Adjust Points' });
    await tabTo(page, dialog.getByRole('combobox', { name: 'Customer' }));
    await page.keyboard.type('omar');
    await dialog.getByRole('option', { name: /omar@example\.com/ }).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await tabTo(page, dialog.getByLabel('Type'));
    await page.keyboard.type('Debit'); // a select's type-ahead
    await tabTo(page, dialog.getByLabel('Points'));
    await page.keyboard.type('100000');
    await tabTo(page, dialog.getByLabel('Reason'));
    await page.keyboard.type('Too much');
    await tabTo(page, dialog.getByRole('button', { name: 'Adjust Points' }));
    await page.keyboard.press('Enter');
    await expect(dialog.getByLabel('Type').inputValue()).resolves.toBe('debit');
    const points = dialog.getByLabel('Points');
    await expect
      .poll(async () => page.locator(`#${await points.getAttribute('aria-describedby')}`).textContent())
      .toMatch(/balance|points/i);
    expect(await balanceOf(omar.id)).toBe(650);
    await dialog.getByLabel('Points').fill('50');
    await dialog.getByRole('button', { name: 'Adjust Points' }).click();
    await notices().getByText('New balance: 600 points.').waitFor();
    expect(await balanceOf(omar.id)).toBe(600);
  });

  it('should find a customer, show their balance, tier and referral code, and adjust from their panel', async () => {
    await loyalty(t, 'POST', '/settings', await headers(), { referrals_enabled: true, tiers_enabled: true });
    await page.goto(`${base}/wp-admin/loyalty/customers`);
    await page.getByRole('heading', { level: 1, name: 'Loyalty Customers' }).waitFor();
    await page.getByLabel('Search customers').fill('jane');
    await page.getByRole('cell', { name: 'jane@example.com' }).waitFor();
    await expectNoSeriousA11yViolations(page);
    const balance = await balanceOf(jane.id);
    await expect(page.getByRole('row', { name: /jane@example\.com/ }).textContent()).resolves.toContain(
      balance.toLocaleString('en-US'),
    );
    await page.getByRole('button', { name: 'View jane' }).click();
    const panel = page.getByRole('region', { name: 'jane' });
    const view = (await loyalty(t, 'GET', `/customers/${jane.id}`, await headers())).json();
    await panel.getByText(view.referral.code).waitFor();
    await panel.getByText(view.tier.name, { exact: true }).waitFor();
    await panel.getByRole('button', { name: 'Adjust Points' }).click();
    const dialog = page.getByRole('dialog', { name: 'Adjust Points' });
    await dialog.getByLabel('Points').fill('5');
    await dialog.getByLabel('Reason').fill('Thanks');
    await dialog.getByRole('button', { name: 'Adjust Points' }).click();
    await notices()
      .getByText(`New balance: ${balance + 5} points.`)
      .waitFor();
    expect(await balanceOf(jane.id)).toBe(balance + 5);
  });

  it('should save settings, show refusals at their fields and warn before leaving unsaved changes', async () => {
    await page.goto(`${base}/wp-admin/loyalty/settings`);
    await page.getByRole('heading', { level: 1, name: 'Loyalty Settings' }).waitFor();
    await expectNoSeriousA11yViolations(page);
    await page.getByLabel('Points per dollar').fill('2.5');
    await page.getByLabel('Point value').fill('0');
    await page.getByLabel('Debug mode').check();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    const pointValueHelp = page.locator(
      `#${await page.getByLabel('Point value').getAttribute('aria-describedby')}`,
    );
    await expect.poll(() => pointValueHelp.textContent()).toContain('redemption_pointsValue');
    expect((await loyalty(t, 'GET', '/settings', await headers())).json().earning_pointsPerDollar).not.toBe(
      2.5,
    );

    await page.getByLabel('Point value').fill('0.02');
    await page.getByLabel('Tier 2 name').fill('Silver Plus');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await notices().getByText('Settings saved.').waitFor();
    const saved = (await loyalty(t, 'GET', '/settings', await headers())).json();
    expect(saved).toMatchObject({
      earning_pointsPerDollar: 2.5,
      redemption_pointsValue: 0.02,
      debug_enableMode: true,
    });
    expect(saved.tiers_config[1].name).toBe('Silver Plus');

    await page.getByLabel('Points for a review').fill('30');
    let asked = '';
    page.once('dialog', (dialog) => {
      asked = dialog.message();
      void dialog.dismiss();
    });
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Points Ledger' })
      .click();
    expect(asked).toContain('changes you made will be lost');
    expect(new URL(page.url()).pathname).toBe('/wp-admin/loyalty/settings');
  });

  it('should tick the dashboard checklist from what really happened', async () => {
    await page.goto(`${base}/wp-admin/`);
    const checklist = page.getByRole('list', { name: 'Loyalty launch checklist' });
    await checklist.waitFor();
    await expect(checklist.getByRole('listitem').nth(1).textContent()).resolves.toContain('not done yet');
    await expectNoSeriousA11yViolations(page);

    const product = await seedProduct(t, { name: 'Lamp', price: 5000 });
    const buyer = (await t.login(jane)).headers;
    await addToCart(t, buyer, product, 1);
    const placed = await checkout(t, buyer, 'jane@example.com');
    expect(placed.statusCode).toBe(200);
    await setOrderStatus(t, await headers(), placed.json().order_id, 'completed');
    expect(await apiTotal('reference_type=order&transaction_type=credit')).toBe(1);

    await page.reload();
    await checklist.waitFor();
    await expect(checklist.getByRole('listitem').nth(1).textContent()).resolves.toContain('(done)');
    await expect(checklist.getByRole('listitem').nth(2).textContent()).resolves.toContain('not done yet');
  });
});
