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
import { createProduct } from './cr-helpers.js';

// The cart-recovery configuration screens driven in Chromium by the owner: Settings turns Test Mode on and
// triggers the test flow whose e-mail lands in the outbox; Agent Access opens the gates and creates a token
// by keyboard alone, which then reads the manifest until it is revoked; Sequence saves new delays. Each result
// is checked through the REST API.
let t: TestApp;
let base: string;
let browser: Browser;
let page: Page;
let clock: ManualClock;
let checker: Awaited<ReturnType<TestApp['createUser']>>;
const headers = async () => (await t.login(checker)).headers;
const notice = (text: string | RegExp) => page.getByRole('region', { name: 'Notices' }).getByText(text);
const get = async (path: string, auth?: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: `/wp-json${path}`, headers: auth ?? (await headers()) });

beforeAll(async () => {
  clock = new ManualClock(new Date());
  ({ t, url: base } = await startListeningApp({}, { clock }));
  checker = await t.createUser({ role: 'administrator' });
  await createProduct(t, await headers(), { name: 'Blue mug', price: '12.00' });
  browser = await launchBrowser();
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await logInThroughForm(page, base, 'admin', 'admin-password-1');
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

describeInBrowser('cart recovery configuration screens', () => {
  it('should open the setup wizard on the first visit, walk it, send a test e-mail to a typed address and launch the e-mails', async () => {
    const off = await t.app.inject({
      method: 'POST',
      url: '/wp-json/cartrecovery/v1/campaign',
      headers: await headers(),
      payload: { enabled: false },
    });
    expect(off.statusCode).toBe(200);
    await page.goto(`${base}/wp-admin/cart-recovery`); // first visit, no cart yet: the wizard opens
    await page.getByRole('heading', { level: 1, name: 'Cart Recovery Setup' }).waitFor();
    await page.waitForURL(/\/wp-admin\/cart-recovery\/setup$/);
    await page.getByRole('button', { name: 'Get started' }).click();
    await page.getByRole('heading', { level: 2, name: 'Step 2 of 4: Consent & Timing' }).waitFor();
    await page.getByRole('spinbutton', { name: 'Abandoned after (minutes without activity)' }).fill('45');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.getByRole('heading', { level: 2, name: 'Step 3 of 4: Email Delivery' }).waitFor();
    expect((await (await get('/cartrecovery/v1/settings')).json()).abandonment_timeout).toBe(45);
    await page.getByRole('textbox', { name: 'Send a test e-mail to' }).fill('owner@example.com');
    await page.getByRole('button', { name: 'Send test e-mail' }).click();
    await page.locator('#storeside-main').getByText('A test e-mail was sent to owner@example.com.').waitFor();
    const sent = await (await get('/platform/v1/outbox?to=owner%40example.com')).json();
    expect(sent[0].subject).toContain('Cart recovery test e-mail');
    await page.screenshot({ path: '/tmp/cr-setup.png', fullPage: true });
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Launch cart recovery' }).click();
    await page.getByRole('heading', { level: 1, name: 'Cart Recovery' }).waitFor();
    expect((await (await get('/cartrecovery/v1/campaign')).json()).enabled).toBe(true);
    expect((await (await get('/cartrecovery/v1/settings')).json()).setup_completed).toBe(true);
  });

  it('should turn Test Mode on, trigger the test flow and find its e-mail in the outbox', async () => {
    await page.goto(`${base}/wp-admin/cart-recovery/settings`);
    await page.getByRole('heading', { level: 1, name: 'Cart Recovery Settings' }).waitFor();
    await page
      .locator('#storeside-main')
      .getByText(/SMTP_URL is not set/)
      .waitFor();
    await page.getByRole('checkbox', { name: 'Test Mode' }).check();
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await notice('Settings saved.').waitFor();
    expect((await (await get('/cartrecovery/v1/settings')).json()).test_mode).toBe(true);
    await page.getByRole('button', { name: 'Trigger test flow' }).click();
    await notice(/A test session was created/).waitFor();
    await page.screenshot({ path: '/tmp/cr-settings.png', fullPage: true });
    await expectNoSeriousA11yViolations(page);

    clock.advance(31_000); // the test e-mail is due 30 s after the trigger
    await t.ctx.jobs.runDue({ limit: 50 });
    const outbox = (await (await get('/platform/v1/outbox')).json()) as Array<{
      to: string;
      subject: string;
    }>;
    const email = outbox.find((m) => m.subject.includes('You left something in your cart'));
    expect(email?.to).toBe(t.config.admin.email);
    await page.goto(`${base}/wp-admin/tools/outbox`);
    await page.getByRole('heading', { level: 1, name: 'Outbox' }).waitFor();
    await page.getByRole('cell', { name: email?.subject, exact: true }).waitFor();
  });

  it('should create a token by keyboard, use it on the manifest, and be refused once it is revoked', async () => {
    await page.goto(`${base}/wp-admin/cart-recovery/agent-access`);
    await page.getByRole('heading', { level: 1, name: 'Agent Access' }).waitFor();
    // While the gate is off the token list is refused: the section says which gate, and the link turns it on.
    const tokens = page.getByRole('region', { name: 'Tokens' });
    await tokens.getByText('The agent gate “Agent access” is switched off.').waitFor();
    await expect(page.locator('#storeside-main').textContent()).resolves.not.toContain('[object');
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: '/tmp/cr-agent-access-off.png', fullPage: true });
    await tokens.getByRole('link', { name: 'Turn on “Agent access”' }).click();
    const gate = page.getByRole('checkbox', { name: 'Agent access' });
    await expect.poll(() => gate.evaluate((el) => el === el.ownerDocument.activeElement)).toBe(true);
    await page.keyboard.press('Space');
    await notice('Switched on.').waitFor();
    expect((await (await get('/cartrecovery/v1/settings')).json()).agent_access_enabled).toBe(true);
    await page.getByText('No tokens yet.').waitFor();
    await expectNoSeriousA11yViolations(page);

    // Keyboard only: open the dialog, name the token, add a scope, create it, copy it, close.
    const open = page.getByRole('button', { name: 'New token' });
    await tabTo(page, open);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'New agent token' });
    await tabTo(page, dialog.getByRole('textbox', { name: 'Token name' }));
    await page.keyboard.type('Support assistant');
    await tabTo(page, dialog.getByRole('checkbox', { name: /^Write/ }));
    await page.keyboard.press('Space');
    await expectNoSeriousA11yViolations(page);
    await tabTo(page, dialog.getByRole('button', { name: 'Create token' }));
    await page.keyboard.press('Enter');
    const shown = page.getByRole('dialog', { name: 'Token created' });
    const tokenBox = shown.getByRole('textbox', { name: 'Bearer token' });
    await tokenBox.waitFor();
    const token = await tokenBox.inputValue();
    expect(token).toMatch(/^crat_/);
    await tabTo(page, shown.getByRole('button', { name: 'Copy token' }));
    await page.keyboard.press('Enter');
    await tabTo(page, shown.getByRole('button', { name: 'Done' }));
    await page.keyboard.press('Enter');
    await shown.waitFor({ state: 'detached' });
    const row = page
      .getByRole('table', { name: 'Agent tokens' })
      .getByRole('row', { name: /Support assistant/ });
    await expect(row.textContent()).resolves.toContain('read, write');

    const bearer = { authorization: `Bearer ${token}` };
    const manifest = await get('/cartrecovery/v1/agent/manifest', bearer);
    expect(manifest.statusCode).toBe(200);

    await row.getByRole('button', { name: 'Revoke Support assistant' }).click();
    await page.getByRole('dialog', { name: 'Revoke token?' }).getByRole('button', { name: 'Revoke' }).click();
    await notice('Token "Support assistant" revoked.').waitFor();
    const refused = await get('/cartrecovery/v1/agent/manifest', bearer);
    expect(refused.statusCode).toBe(401);
    // The audit log, filtered by the server: only token calls, the revocation among them.
    await page.getByRole('combobox', { name: 'Route' }).selectOption('/agent/tokens');
    const audit = page.getByRole('table', { name: 'Agent audit log' }).getByRole('row');
    // Until the filtered page replaces the unfiltered one (which holds the revocation too).
    const tokenCallsOnly = async () => {
      const calls = (await audit.allTextContents()).slice(1);
      return (
        calls.every((row) => row.includes('/agent/tokens')) &&
        calls.some((row) => row.includes('DELETE /agent/tokens/:public_id'))
      );
    };
    await expect.poll(tokenCallsOnly).toBe(true);
    await page.screenshot({ path: '/tmp/cr-agent-access.png', fullPage: true });
  }, 45_000);

  it('should save the sequence and show a refused delay at its field', async () => {
    await page.goto(`${base}/wp-admin/cart-recovery/sequence`);
    await page.getByRole('heading', { level: 1, name: 'Recovery Sequence' }).waitFor();
    const second = page.getByRole('spinbutton', { name: 'E-mail 2 delay (minutes)' });
    await second.fill('30');
    await page.getByRole('button', { name: 'Save Sequence' }).click();
    await page
      .locator('#storeside-main')
      .getByText(/Step 2 must be sent later than step 1/)
      .waitFor();
    await expect(second.getAttribute('aria-invalid')).resolves.toBe('true');
    await second.fill('120');
    await page.getByRole('checkbox', { name: 'E-mail 2 includes a coupon' }).check();
    await page.getByRole('button', { name: 'Save Sequence' }).click();
    await notice('Sequence saved.').waitFor();
    const campaign = await (await get('/cartrecovery/v1/campaign')).json();
    expect(campaign.steps[1]).toMatchObject({ delay_minutes: 120, coupon_enabled: true });
    await page.screenshot({ path: '/tmp/cr-sequence.png', fullPage: true });
    await expectNoSeriousA11yViolations(page);

    await page.goto(`${base}/wp-admin/cart-recovery/offers`);
    await page.getByRole('heading', { level: 1, name: 'Recovery Offers' }).waitFor();
    await page.getByRole('combobox', { name: 'Coupon type' }).selectOption('percent');
    await page.getByRole('spinbutton', { name: 'Coupon amount (%)' }).fill('15');
    await page.getByRole('button', { name: 'Save Offer' }).click();
    await notice('Offer saved.').waitFor();
    const settings = await (await get('/cartrecovery/v1/settings')).json();
    expect(settings).toMatchObject({ coupon_type: 'percent', coupon_amount: 15 });
    await expectNoSeriousA11yViolations(page);
  });
});
