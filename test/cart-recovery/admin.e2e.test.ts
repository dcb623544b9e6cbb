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
import { capture, createProduct, setSettings } from './cr-helpers.js';

// The cart-recovery screens driven in Chromium by an owner: a captured cart abandoned and sent its first e-mail is
// found by address on Sessions with its timeline; the Overview shows the analytics route's counts; E-mails lists
// the sent e-mail. Each result is checked against the REST API.
const MIN = 60_000;
let t: TestApp;
let base: string;
let browser: Browser;
let page: Page;
let clock: ManualClock;
let checker: Awaited<ReturnType<TestApp['createUser']>>;
const headers = async () => (await t.login(checker)).headers;
const api = async (path: string) => {
  const r = await t.app.inject({
    method: 'GET',
    url: `/wp-json/cartrecovery/v1${path}`,
    headers: await headers(),
  });
  expect(r.statusCode).toBe(200);
  return r.json();
};

beforeAll(async () => {
  clock = new ManualClock(new Date());
  ({ t, url: base } = await startListeningApp({}, { clock }));
  checker = await t.createUser({ role: 'administrator' });
  const mug = await createProduct(t, await headers(), { name: 'Blue mug', price: '12.00' });
  const captured = await capture(
    t,
    { email: 'ann@example.com', consent: true, cart: [{ product_id: mug, quantity: 2 }], source: 'classic' },
    { ip: '10.51.0.1' },
  );
  expect(captured.statusCode).toBe(201);
  clock.advance(31 * MIN); // past the abandonment timeout
  await t.ctx.jobs.runDue({ limit: 200 });
  clock.advance(46 * MIN); // past the first step's delay
  await t.ctx.jobs.runDue({ limit: 200 });
  browser = await launchBrowser();
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await logInThroughForm(page, base, 'admin', 'admin-password-1');
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

describeInBrowser('cart recovery admin screens', () => {
  it('should find a session by e-mail and show its timeline after its first e-mail was sent', async () => {
    const [session] = await api('/sessions?search=ann%40example.com');
    expect(session).toMatchObject({ status: 'abandoned', step_reached: 1 });
    await page.goto(`${base}/wp-admin/cart-recovery/sessions`);
    await page.getByRole('heading', { level: 1, name: 'Recovery Sessions' }).waitFor();
    // Keyboard only: the skip link, the search field, then the session's link.
    await tabTo(page, page.getByRole('link', { name: 'Skip to main content' }));
    await page.keyboard.press('Enter');
    await tabTo(page, page.getByRole('searchbox', { name: 'Search by e-mail address' }));
    await page.keyboard.type('ann@example.com');
    await page.waitForURL(/search=ann%40example\.com/);
    const table = page.getByRole('table', { name: 'Recovery sessions' });
    await page.getByText('1 session', { exact: true }).waitFor();
    await expect(table.getByRole('row').nth(1).textContent()).resolves.toContain('E-mail 1 sent');
    await expectNoSeriousA11yViolations(page);

    await tabTo(page, table.getByRole('link', { name: 'ann@example.com' }));
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Session of ann@example.com' }).waitFor();
    const timeline = page.getByRole('region', { name: 'Timeline' }).getByRole('listitem');
    await expect
      .poll(() => timeline.allTextContents())
      .toEqual(
        expect.arrayContaining([
          expect.stringContaining('Cart captured'),
          expect.stringContaining('Cart abandoned'),
          expect.stringContaining('E-mail 1 sent'),
        ]),
      );
    const emails = page.getByRole('region', { name: 'E-mails' }).getByRole('row');
    await expect(emails.nth(1).textContent()).resolves.toMatch(/E-mail 1.*Sent/);
    await expect(emails.nth(2).textContent()).resolves.toMatch(/E-mail 2.*Queued/);
    await expectNoSeriousA11yViolations(page);

    // The actions go through the agent actions route: refused while agent access is off, then run.
    const notices = page.getByRole('region', { name: 'Notices' });
    await page.getByRole('button', { name: 'Cancel pending e-mails' }).click();
    await notices.getByText(/“Agent access” is switched off/).waitFor();
    await setSettings(t, await headers(), { agent_access_enabled: true, agent_contact_enabled: true });
    await page.getByRole('button', { name: 'Cancel pending e-mails' }).click();
    await notices.getByText('Pending e-mails cancelled.').waitFor();
    await expect.poll(() => emails.nth(2).textContent()).toMatch(/E-mail 2.*Cancelled/);
    const after = await api(`/sessions/${session.id}`);
    expect(after.emails.map((e: { status: string }) => e.status)).toEqual(['sent', 'canceled', 'canceled']);
  });

  it('should show the analytics route counts on the Overview with a table alternative', async () => {
    const report = await api('/analytics?days=7');
    await page.goto(`${base}/wp-admin/cart-recovery?days=7`);
    await page.getByRole('heading', { level: 1, name: 'Cart Recovery' }).waitFor();
    const card = (label: string) => page.locator('.cr-card', { hasText: label }).locator('.cr-current');
    await expect.poll(() => card('Carts captured').textContent()).toBe(String(report.tracked));
    await expect(card('Carts abandoned').textContent()).resolves.toBe(String(report.abandoned));
    await expect(card('E-mails sent').textContent()).resolves.toBe(String(report.emails_sent));
    const previous = await api('/analytics?days=7&window=previous');
    await expect(
      page.locator('.cr-card', { hasText: 'Carts captured' }).locator('.cr-previous').textContent(),
    ).resolves.toBe(`Previous 7 days: ${previous.tracked}`);
    const funnel = page.getByRole('figure', { name: 'Recovery funnel' });
    await funnel.getByText('Show as table').click();
    await expect(funnel.getByRole('row', { name: /E-mailed/ }).textContent()).resolves.toContain(
      String(report.emails_sent),
    );
    await page.screenshot({ path: '/tmp/cr-overview.png', fullPage: true });
    await expectNoSeriousA11yViolations(page);
  });

  it('should list the sent e-mail on the E-mails screen', async () => {
    const sent = await api('/notifications?status=sent');
    expect(sent).toHaveLength(1);
    await page.goto(`${base}/wp-admin/cart-recovery/emails?status=sent`);
    await page.getByRole('heading', { level: 1, name: 'Recovery E-mails' }).waitFor();
    const rows = page.getByRole('table', { name: 'Recovery e-mails' }).getByRole('row');
    await expect.poll(() => rows.count()).toBe(2);
    await expect(rows.nth(1).textContent()).resolves.toMatch(/ann@example\.com.*E-mail 1.*Sent/);
    await page.screenshot({ path: '/tmp/cr-emails.png', fullPage: true });
    await expectNoSeriousA11yViolations(page);
  });
});
