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

// Tools → Jobs and Tools → Outbox driven in Chromium by an administrator; figures checked through the REST API.
let t: TestApp;
let base: string;
let browser: Browser;
let page: Page;
let admin: Record<string, string>;

beforeAll(async () => {
  ({ t, url: base } = await startListeningApp());
  admin = (await t.login({ username: 'admin', password: 'admin-password-1' })).headers;
  t.ctx.jobs.register('test.flaky', async () => {
    throw new Error('Payment gateway timed out');
  });
  await t.ctx.jobs.schedule({ hook: 'test.flaky' });
  await t.ctx.jobs.runDue();
  await t.ctx.jobs.scheduleMany(
    Array.from({ length: 22 }, (_, i) => ({
      hook: 'test.later',
      args: { i },
      runAt: new Date(Date.now() + 3600e3),
    })),
  );
  await t.ctx.mail.send({ to: 'ann@example.com', subject: 'Your points', text: 'You have 10 points.' });
  await t.ctx.mail.send({
    to: 'bob@example.com',
    subject: 'Your cart is waiting',
    text: 'Come back, Bob.',
    // Scripts and forms in mail HTML must never run in, or reach, the admin page.
    html: '<h1>Come back, Bob</h1><script>parent.document.title = "pwned"</script><p>Your cart</p>',
    headers: { 'List-Unsubscribe': '<https://shop.test/u/1>' },
  });
  browser = await launchBrowser();
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    reducedMotion: 'reduce',
  });
  page = await context.newPage();
  page.setDefaultTimeout(5_000); // a missing element fails with its name, well before the test's timeout
  await logInThroughForm(page, base, 'admin', 'admin-password-1');
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

async function total(path: string): Promise<number> {
  const r = await t.app.inject({ method: 'GET', url: `/wp-json${path}`, headers: admin });
  expect(r.statusCode).toBe(200);
  return Number(r.headers['x-wp-total']);
}

describeInBrowser('tools screens', () => {
  it('should list jobs with the exact total, filter by status and hook in the URL, and page on the server', async () => {
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await menu.getByRole('link', { name: 'Jobs' }).click();
    await page.getByRole('heading', { level: 1, name: 'Jobs' }).waitFor();
    const all = await total('/platform/v1/jobs');
    expect(all).toBeGreaterThan(22);
    await page.getByText(`${all} jobs`).waitFor();
    await expectNoSeriousA11yViolations(page);

    await page.getByLabel('Status').selectOption('failed');
    await page.getByText(`${await total('/platform/v1/jobs?status=failed')} job`, { exact: true }).waitFor();
    const table = page.getByRole('table', { name: 'Jobs' });
    const failed = table.getByRole('row', { name: /test\.flaky/ });
    await expect(failed.textContent()).resolves.toContain('Payment gateway timed out');
    await expect(failed.textContent()).resolves.toContain('1 of 1');

    await page.getByLabel('Status').selectOption('pending');
    await page.getByLabel('Hook').fill('test.later');
    await page.getByText('22 jobs').waitFor();
    expect(await total('/platform/v1/jobs?status=pending&hook=test.later')).toBe(22);
    const url = new URL(page.url());
    expect(url.searchParams.get('status')).toBe('pending');
    expect(url.searchParams.get('hook')).toBe('test.later');
    await expect.poll(() => table.getByRole('row').count()).toBe(21);
    await page.getByRole('button', { name: 'Next page' }).click();
    await page.getByText('Page 2 of 2').waitFor();
    await expect.poll(() => table.getByRole('row').count()).toBe(3);
    await page.reload();
    await page.getByText('Page 2 of 2').waitFor();
    await expect(page.getByLabel('Hook').inputValue()).resolves.toBe('test.later');
    await expect(page.getByLabel('Status').inputValue()).resolves.toBe('pending');
  });

  it('should list the outbox by recipient and open a message with its HTML only inside a sandboxed frame', async () => {
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Outbox' }).click();
    await page.getByRole('heading', { level: 1, name: 'Outbox' }).waitFor();
    await page.getByText(`${await total('/platform/v1/outbox')} messages`).waitFor();
    await expectNoSeriousA11yViolations(page);
    await page.getByLabel('To', { exact: true }).fill('bob@example.com');
    await page.getByText('1 message', { exact: true }).waitFor();
    expect(await total('/platform/v1/outbox?to=bob@example.com')).toBe(1);
    expect(new URL(page.url()).searchParams.get('to')).toBe('bob@example.com');

    const title = await page.title();
    await page.getByRole('button', { name: 'View “Your cart is waiting”' }).click();
    const message = page.getByRole('region', { name: 'Your cart is waiting' });
    await message.waitFor();
    const [listed] = (
      await t.app.inject({
        method: 'GET',
        url: '/wp-json/platform/v1/outbox?to=bob@example.com',
        headers: admin,
      })
    ).json();
    expect(new URL(page.url()).searchParams.get('message')).toBe(String(listed.id));
    await expect(message.textContent()).resolves.toContain('<https://shop.test/u/1>');
    await expect(message.textContent()).resolves.toContain('Come back, Bob.');
    const frame = message.locator('iframe');
    expect(await frame.getAttribute('sandbox')).toBe('');
    expect(await frame.getAttribute('title')).toBe('HTML part of “Your cart is waiting”');
    expect(await frame.getAttribute('srcdoc')).toBe(listed.html);
    await page
      .frameLocator('iframe[title="HTML part of “Your cart is waiting”"]')
      .getByText('Your cart')
      .waitFor();
    // The HTML's heading and script stay in the frame: one h1 in the page, and its title untouched.
    expect(await page.locator('h1').count()).toBe(1);
    expect(await page.title()).toBe(title);
    await expectNoSeriousA11yViolations(page);

    // A deep link to a message that is not on the listed page loads it by id.
    const [ann] = (
      await t.app.inject({
        method: 'GET',
        url: '/wp-json/platform/v1/outbox?to=ann@example.com',
        headers: admin,
      })
    ).json();
    await page.goto(`${base}/wp-admin/tools/outbox?to=bob@example.com&message=${ann.id}`);
    await page.getByRole('region', { name: 'Your points' }).waitFor();
    await expect(page.getByRole('region', { name: 'Your points' }).textContent()).resolves.toContain(
      'This message has no HTML part.',
    );
    await page.getByRole('button', { name: 'Close message' }).click();
    await page.getByRole('region', { name: 'Your points' }).waitFor({ state: 'detached' });
    expect(new URL(page.url()).searchParams.get('message')).toBeNull();
  });
});
