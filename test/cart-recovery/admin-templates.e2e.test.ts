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
import { createProduct } from './cr-helpers.js';

// The Templates screen driven in Chromium by an owner: step 2's subject edited shows in the server-rendered
// preview and is saved; a body without the restore link is refused at the field and nothing changes.
let t: TestApp;
let base: string;
let browser: Browser;
let page: Page;
let checker: Awaited<ReturnType<TestApp['createUser']>>;
const campaign = async () => {
  const r = await t.app.inject({
    method: 'GET',
    url: '/wp-json/cartrecovery/v1/campaign',
    headers: (await t.login(checker)).headers,
  });
  return r.json();
};

beforeAll(async () => {
  ({ t, url: base } = await startListeningApp());
  checker = await t.createUser({ role: 'administrator' });
  const admin = (await t.login(checker)).headers;
  await createProduct(t, admin, { name: 'Linen apron', price: '18.00' });
  await createProduct(t, admin, {
    name: 'Hand-thrown stoneware serving bowl with a reactive glaze, extra large, gift boxed',
    price: '1249.00',
  });
  browser = await launchBrowser();
  page = await (await browser.newContext({ viewport: { width: 1400, height: 1000 } })).newPage();
  await logInThroughForm(page, base, 'admin', 'admin-password-1');
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

describeInBrowser('cart recovery Templates screen', () => {
  it("should preview and save step 2's subject, and refuse a body without the restore link", async () => {
    await page.goto(`${base}/wp-admin/cart-recovery/templates`);
    await page.getByRole('heading', { level: 1, name: 'Templates' }).waitFor();
    await page.getByRole('tab', { name: 'Step 2' }).click();
    const subject = page.getByRole('textbox', { name: 'Subject' });
    await expect.poll(() => subject.inputValue()).toBe('[{site_title}] Still deciding?');
    await subject.fill('Your {store_name} cart misses you');
    await expect
      .poll(() => page.getByTestId('preview-subject').textContent(), { timeout: 10_000 })
      .toBe('Your Storeside cart misses you');
    const frame = page.frameLocator('iframe[title="E-mail preview"]');
    await frame.getByText('Linen apron').first().waitFor();
    await expect(page.locator('iframe[title="E-mail preview"]').getAttribute('sandbox')).resolves.toBe('');
    await page.screenshot({ path: '/tmp/cr-templates.png', fullPage: true });
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: 'Mobile' }).click();
    await expect(
      page.locator('iframe[title="E-mail preview"]').evaluate((f) => f.clientWidth),
    ).resolves.toBeLessThanOrEqual(375);
    await page.getByRole('button', { name: 'Plain text' }).click();
    await page.getByText('Total: $1285.00').waitFor();

    await page.getByRole('button', { name: 'Save templates' }).click();
    await page.getByRole('region', { name: 'Notices' }).getByText('Templates saved.').first().waitFor();
    expect((await campaign()).steps[1].subject).toBe('Your {store_name} cart misses you');

    const body = page.getByRole('textbox', { name: 'Body' });
    await body.fill('Hi,\n\nNo link here. {unsubscribe_url}');
    await page.getByRole('button', { name: 'Save templates' }).click();
    // The refusal is shown at the field: it becomes the body's description.
    const describedBy = async () => {
      const id = await body.getAttribute('aria-describedby');
      return id ? page.locator(`[id="${id}"]`).textContent() : null;
    };
    await expect.poll(describedBy).toBe("Step 2's body must keep the restore link ({restore_url}).");
    expect((await campaign()).steps[1].body).toContain('{restore_url}');

    const accent = page.getByRole('textbox', { name: 'Accent colour' });
    await accent.fill('blue');
    await page.getByRole('button', { name: 'Save branding' }).click();
    await page
      .locator('.cr-branding .cr-field-error')
      .getByText(/accent_color|pattern|#/)
      .first()
      .waitFor();
    await accent.fill('#aa3300');
    await page.getByRole('button', { name: 'Save branding' }).click();
    await page.getByRole('region', { name: 'Notices' }).getByText('Branding saved.').first().waitFor();
    const settings = await t.app.inject({
      url: '/wp-json/cartrecovery/v1/settings',
      headers: (await t.login(checker)).headers,
    });
    expect(settings.json().accent_color).toBe('#aa3300');
  }, 60_000);

  it("should lay step 3's e-mail (coupon, long name) out within 600 and 375 px", async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/wp-json/cartrecovery/v1/templates/preview',
      headers: (await t.login(checker)).headers,
      payload: { step: 3 },
    });
    const { html } = r.json();
    expect(html).toContain('CR-SAMPLE');
    const mail = await page.context().newPage();
    for (const width of [600, 375]) {
      await mail.setViewportSize({ width, height: 800 });
      await mail.setContent(html);
      await expect(mail.evaluate('document.documentElement.scrollWidth')).resolves.toBe(width);
    }
    await mail.screenshot({ path: '/tmp/cr-email-375.png', fullPage: true });
    await mail.close();
  });
});
