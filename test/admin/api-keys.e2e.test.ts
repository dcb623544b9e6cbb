import WooCommerceModule from '@woocommerce/woocommerce-rest-api';
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

// The package is CommonJS with `exports.default`: Node's ESM import sees it under `.default`, a bundler may not.
const WooCommerceRestApi =
  (WooCommerceModule as unknown as { default?: typeof WooCommerceModule.default }).default ??
  (WooCommerceModule as unknown as typeof WooCommerceModule.default);

// Edit User → "REST API keys" driven in Chromium by an administrator: generate (key and secret shown once, with
// Copy), use the key with the official WooCommerce client, see its last access, revoke after confirming.
let t: TestApp;
let base: string;
let browser: Browser;
let page: Page;
let admin: Record<string, string>;
let bob: Awaited<ReturnType<TestApp['createUser']>>;

beforeAll(async () => {
  ({ t, url: base } = await startListeningApp());
  admin = (await t.login({ username: 'admin', password: 'admin-password-1' })).headers;
  bob = await t.createUser({ username: 'bob', email: 'bob@example.com', role: 'shop_manager' });
  browser = await launchBrowser();
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    reducedMotion: 'reduce',
  });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
  page = await context.newPage();
  page.setDefaultTimeout(5_000);
  await logInThroughForm(page, base, 'admin', 'admin-password-1');
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

const keysOfBob = async () =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/wp-json/platform/v1/users/${bob.id}/api-keys`,
      headers: admin,
    })
  ).json();

describeInBrowser('Edit User → REST API keys', () => {
  it('should generate a key shown once with Copy, list its access, and revoke it after confirming', async () => {
    await page.goto(`${base}/wp-admin/users/${bob.id}`);
    await page.getByRole('heading', { level: 2, name: 'REST API keys' }).waitFor();
    await page.getByText('No REST API keys yet.').waitFor();
    await page.getByRole('button', { name: 'Generate API Key' }).click();
    await page.getByText('Give the key a description.').waitFor();

    await page.getByLabel('Description').fill('Shipping tool');
    await page.getByLabel('Permissions').selectOption('read_write');
    await page.getByRole('button', { name: 'Generate API Key' }).click();
    const keyField = page.getByLabel('Consumer key', { exact: true });
    await keyField.waitFor();
    const consumerKey = await keyField.inputValue();
    const consumerSecret = await page.getByLabel('Consumer secret', { exact: true }).inputValue();
    expect(consumerKey).toMatch(/^ck_[0-9a-f]{40}$/);
    expect(consumerSecret).toMatch(/^cs_[0-9a-f]{40}$/);
    await page.getByRole('button', { name: 'Copy Consumer secret' }).click();
    await page.getByRole('status').filter({ hasText: 'Copied!' }).waitFor();
    await expect(page.evaluate('navigator.clipboard.readText()')).resolves.toBe(consumerSecret);
    await expectNoSeriousA11yViolations(page);

    const api = new WooCommerceRestApi({ url: base, consumerKey, consumerSecret, version: 'wc/v3' });
    expect((await api.get('products')).status).toBe(200);

    // Shown once: after a reload only the list remains, with the truncated key and its last access.
    await page.reload();
    const row = page.getByRole('row', { name: /Shipping tool/ });
    await row.waitFor();
    const text = await row.textContent();
    expect(text).toContain(`…${consumerKey.slice(-7)}`);
    expect(text).toContain('Read/Write');
    expect(text).not.toContain('Never');
    expect(await page.getByLabel('Consumer key', { exact: true }).count()).toBe(0);

    await row.getByRole('button', { name: 'Revoke API key “Shipping tool”' }).click();
    const dialog = page.getByRole('dialog', { name: 'Revoke API Key' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await keysOfBob()).toHaveLength(1);
    await row.getByRole('button', { name: 'Revoke API key “Shipping tool”' }).click();
    await dialog.getByRole('button', { name: 'Revoke', exact: true }).click();
    await page.locator('.storeside-notices').getByText('API key “Shipping tool” revoked.').waitFor();
    await page.getByText('No REST API keys yet.').waitFor();
    expect(await keysOfBob()).toEqual([]);
    await expect(api.get('products')).rejects.toMatchObject({ response: { status: 401 } });
  });
});
