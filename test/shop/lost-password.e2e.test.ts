import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  describeInBrowser,
  expectNoSeriousA11yViolations,
  launchBrowser,
  startListeningApp,
} from '../helpers/browser.js';
import type { TestApp } from '../helpers/test-app.js';

// A customer who forgot their password, in Chromium: "Lost your password?" on My account, the e-mailed link (read
// from the outbox), a new password, and logging in with it; the old one is checked through the REST API.
let t: TestApp;
let base: string;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  ({ t, url: base } = await startListeningApp());
  await t.createUser({ username: 'petra', email: 'petra@example.com', password: 'forgotten-password-1' });
  browser = await launchBrowser();
  page = await (await browser.newContext()).newPage();
  page.setDefaultTimeout(8000);
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

const logInStatus = async (password: string) =>
  (
    await t.app.inject({
      method: 'POST',
      url: '/wp-json/auth/v1/login',
      payload: { username: 'petra', password },
    })
  ).statusCode;

describeInBrowser('lost password', () => {
  it('should let a customer reset a forgotten password through the e-mailed link', async () => {
    await page.goto(`${base}/my-account/`);
    await page.getByRole('link', { name: 'Lost your password?' }).click();
    await page.getByRole('heading', { level: 1, name: 'Lost password' }).waitFor();
    await page.getByLabel('Username or email').fill('petra@example.com');
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByText('Password reset email has been sent.').waitFor();

    const mail = await t.ctx.db
      .selectFrom('mail_outbox')
      .select('text_body')
      .where('to_address', '=', 'petra@example.com')
      .executeTakeFirstOrThrow();
    const link = mail.text_body.match(/http:\/\/127\.0\.0\.1:\d+\/my-account\/lost-password\/\S+/)![0];
    await page.goto(link);
    // The key left the address bar for a cookie.
    expect(new URL(page.url()).search).toBe('?show-reset-form=true');
    await page.getByLabel(/^New password/).fill('remembered-password-2');
    await page.getByLabel('Re-enter new password').fill('remembered-password-2');
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: '/tmp/shop-reset-password.png', fullPage: true });
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Your password has been reset successfully.').waitFor();

    const login = page.getByRole('form', { name: 'Log in' });
    await login.getByLabel('Username or email address').fill('petra');
    await login.getByLabel(/^Password/).fill('remembered-password-2');
    await login.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('link', { name: 'Log out' }).first().waitFor();
    expect(await logInStatus('forgotten-password-1')).toBe(401);

    // The link works once.
    await page.context().clearCookies();
    await page.goto(link);
    await page.getByText('This key is invalid or has already been used.').waitFor();
  }, 45_000);
});
