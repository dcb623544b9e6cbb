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

// The login form, the shell and its navigation, driven in Chromium as an owner and a customer would.
let t: TestApp;
let base: string;
let browser: Browser;

beforeAll(async () => {
  ({ t, url: base } = await startListeningApp());
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

async function freshPage(): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

describeInBrowser('login and the admin shell', () => {
  it('should send a logged-out visitor to the login form and back to the deep link after logging in', async () => {
    const page = await freshPage();
    await page.goto(`${base}/wp-admin/loyalty/ledger?transaction_type=debit`);
    expect(new URL(page.url()).pathname).toBe('/wp-login.php');
    await expectNoSeriousA11yViolations(page);
    await page.getByLabel('Username or Email Address').fill('admin');
    await page.getByLabel('Password', { exact: true }).fill('admin-password-1');
    await page.getByLabel('Remember Me').check();
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.getByRole('heading', { level: 1, name: 'Points Ledger' }).waitFor();
    expect(page.url()).toBe(`${base}/wp-admin/loyalty/ledger?transaction_type=debit`);
    await expect(page.getByLabel('Type', { exact: true }).inputValue()).resolves.toBe('debit');
    const cookie = (await page.context().cookies()).find((c) => c.name === 'storeside_logged_in');
    expect(cookie?.expires).toBeGreaterThan(Date.now() / 1000 + 13 * 86400);
    await page.context().close();
  });

  it('should show a wrong password in an alert and keep the session cookie unset', async () => {
    const page = await freshPage();
    await page.goto(`${base}/wp-login.php`);
    await page.getByLabel('Username or Email Address').fill('admin');
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toContain('incorrect');
    expect((await page.context().cookies()).some((c) => c.name === 'storeside_logged_in')).toBe(false);
    await page.context().close();
  });

  it('should show the login throttle as a readable message', async () => {
    const user = await t.createUser({ role: 'customer' });
    const page = await freshPage();
    for (let i = 0; i < 6; i++) {
      await page.goto(`${base}/wp-login.php`);
      await page.getByLabel('Username or Email Address').fill(user.username);
      await page.getByLabel('Password', { exact: true }).fill('wrong-password');
      await page.getByRole('button', { name: 'Log In' }).click();
      await page.getByRole('alert').waitFor();
    }
    await expect(page.getByRole('alert').textContent()).resolves.toMatch(
      /Too many failed login attempts\. Please try again in \d+ minutes?\./,
    );
    await page.context().close();
  });

  it('should ignore a redirect_to of another origin', async () => {
    const page = await freshPage();
    await page.goto(`${base}/wp-login.php?redirect_to=${encodeURIComponent('https://evil.example/x')}`);
    await page.getByLabel('Username or Email Address').fill('admin');
    await page.getByLabel('Password', { exact: true }).fill('admin-password-1');
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL(`${base}/wp-admin/`);
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await page.context().close();
  });

  it('should navigate with the menu, keep deep links and back/forward, and offer a skip link', async () => {
    const page = await freshPage();
    await logInThroughForm(page, base, 'admin', 'admin-password-1');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await expectNoSeriousA11yViolations(page);
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await menu.getByRole('link', { name: 'Points Ledger' }).click();
    await page.getByRole('heading', { level: 1, name: 'Points Ledger' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/wp-admin/loyalty/ledger');
    await menu.getByRole('list', { name: 'Loyalty' }).getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('heading', { level: 1, name: 'Loyalty Settings' }).waitFor();
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: 'Points Ledger' }).waitFor();
    await page.goForward();
    await page.getByRole('heading', { level: 1, name: 'Loyalty Settings' }).waitFor();
    expect(await page.locator('h1').count()).toBe(1);
    // Moving inside the app puts focus on the new screen's heading.
    await expect(page.evaluate('document.activeElement?.tagName')).resolves.toBe('H1');
    // Keyboard: on a fresh page the first Tab reaches the skip link, which moves focus to the screen.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Loyalty Settings' }).waitFor();
    await page.keyboard.press('Tab');
    await expect(page.evaluate('document.activeElement?.textContent')).resolves.toBe('Skip to main content');
    await page.keyboard.press('Enter');
    await expect(page.evaluate('document.activeElement?.id')).resolves.toBe('storeside-main');
    await page.context().close();
  });

  it('should refuse a customer the admin with a page that links to the shop', async () => {
    const customer = await t.createUser({ role: 'customer' });
    const page = await freshPage();
    await logInThroughForm(page, base, customer.username, customer.password);
    expect(new URL(page.url()).pathname).toBe('/');
    const response = await page.goto(`${base}/wp-admin/`);
    expect(response?.status()).toBe(403);
    await expect(page.getByRole('alert').textContent()).resolves.toContain('not allowed');
    await expect(page.getByRole('link', { name: '← Go to the shop' }).getAttribute('href')).resolves.toBe(
      '/',
    );
    await page.context().close();
  });

  it('should log out through the Log Out link and show the form with a notice', async () => {
    const page = await freshPage();
    await logInThroughForm(page, base, 'admin', 'admin-password-1');
    await page.getByRole('link', { name: 'Log Out' }).click();
    await page.waitForURL(`${base}/wp-login.php?loggedout=true`);
    await expect(page.getByRole('status').textContent()).resolves.toContain('You are now logged out.');
    const again = await page.goto(`${base}/wp-admin/`);
    expect(new URL(again!.url()).pathname).toBe('/wp-login.php');
    await page.context().close();
  });

  it('should offer to fill the empty shop with the demo data on the dashboard, once', async () => {
    const products = async () =>
      Number(
        (await t.app.inject({ method: 'GET', url: '/wp-json/wc/store/v1/products?per_page=1' })).headers[
          'x-wp-total'
        ],
      );
    expect(await products()).toBe(0);
    const page = await freshPage();
    await logInThroughForm(page, base, 'admin', 'admin-password-1');
    const card = page.getByRole('heading', { level: 2, name: 'Your shop has no products yet' });
    await card.waitFor();
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: '/tmp/admin-dashboard-empty-shop.png', fullPage: true });
    await page.getByRole('button', { name: 'Fill the shop with demo data' }).click();
    await page
      .getByRole('status')
      .getByText(/The demo data was added: \d+ products\./)
      .waitFor();
    await page.getByRole('heading', { level: 2, name: 'Demo shop ready' }).waitFor();
    expect(await products()).toBeGreaterThan(0);
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: '/tmp/admin-dashboard-demo-filled.png', fullPage: true });
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await page.locator('.storeside-cards .components-card').first().waitFor();
    await expect(card.count()).resolves.toBe(0);
    await page.context().close();
  }, 60_000);
});
