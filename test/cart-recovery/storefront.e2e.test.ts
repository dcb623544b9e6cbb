import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ManualClock } from '../../src/platform/clock.js';
import {
  describeInBrowser,
  expectNoSeriousA11yViolations,
  launchBrowser,
  startListeningApp,
} from '../helpers/browser.js';
import type { TestApp } from '../helpers/test-app.js';
import { createProduct } from './cr-helpers.js';
import { linkWith } from './smtp-sink.js';

// Cart recovery as a shopper meets it, in Chromium: consent on checkout (the capture is sent only while the box is
// ticked, unticking withdraws), the abandoned cart's first e-mail (read from the outbox through REST), its restore
// link opened in a new browser landing on a checkout with the same lines, and unsubscribing by the e-mail's link.
const MIN = 60_000;
const CONSENT = 'Save my e-mail address and cart so I can be reminded about it.';
let t: TestApp;
let base: string;
let clock: ManualClock;
let browser: Browser;
let admin: Record<string, string>;
const slugs: Record<string, string> = {};

beforeAll(async () => {
  clock = new ManualClock(new Date());
  ({ t, url: base } = await startListeningApp({}, { clock }));
  admin = await t.appPasswordHeader(await t.createUser({ role: 'administrator' }));
  for (const [name, price] of [
    ['Blue Mug', '12.50'],
    ['Red Shirt', '20.00'],
  ] as const) {
    const id = await createProduct(t, admin, { name, price });
    slugs[name] = (await t.ctx.shop.getProducts([id]))[0]!.slug;
  }
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

const sessionsOf = (email: string) =>
  t.ctx.db.selectFrom('cr_sessions').select(['session_id', 'status']).where('email', '=', email).execute();

async function addToCart(page: Page, product: string, quantity: number, count: number) {
  await page.goto(`${base}/product/${slugs[product]}/`);
  await page.getByLabel('Quantity').fill(String(quantity));
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect.poll(() => page.locator('[data-cart-count]').textContent()).toBe(String(count));
}

const orderLines = (page: Page) =>
  page.getByRole('region', { name: 'Your order' }).locator('tbody tr td:first-child').allTextContents();

describeInBrowser('cart recovery on the storefront', () => {
  it('should capture only while consent is ticked, then restore the abandoned cart in a new browser and unsubscribe', async () => {
    const shopper = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await shopper.newPage();
    const captures: Array<Record<string, unknown>> = [];
    page.on('request', (request: Request) => {
      if (request.url().endsWith('/wp-json/cartrecovery/v1/capture')) captures.push(request.postDataJSON());
    });
    const captureAnswer = (status: number) =>
      page.waitForResponse(
        (r) => r.url().endsWith('/wp-json/cartrecovery/v1/capture') && r.status() === status,
      );

    await addToCart(page, 'Blue Mug', 2, 2);
    await addToCart(page, 'Red Shirt', 1, 3);
    await page.goto(`${base}/checkout/`);
    await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
    const consent = page.getByRole('checkbox', { name: CONSENT });
    expect(await consent.isChecked()).toBe(false);

    // Unticked: an e-mail alone sends nothing.
    await page.getByLabel('Email address').fill('ann@example.com');
    await page.getByLabel('Email address').press('Tab');
    await page.waitForTimeout(300);
    expect(captures).toEqual([]);
    expect(await sessionsOf('ann@example.com')).toEqual([]);

    // Ticking captures; unticking withdraws (the capture is deleted); ticking again captures anew.
    let answer = captureAnswer(201);
    await consent.check();
    await answer;
    expect(captures[0]).toMatchObject({ email: 'ann@example.com', consent: true, source: 'classic' });
    expect(await sessionsOf('ann@example.com')).toHaveLength(1);
    answer = captureAnswer(200);
    await consent.uncheck();
    await answer;
    expect(captures[1]).toMatchObject({ consent: false, session_id: expect.any(String) });
    expect(await sessionsOf('ann@example.com')).toEqual([]);
    answer = captureAnswer(201);
    await consent.check();
    await answer;
    // A changed e-mail updates the same capture.
    answer = captureAnswer(200);
    await page.getByLabel('Email address').fill('ann@example.org');
    await page.getByLabel('Email address').press('Tab');
    await answer;
    const [captured] = await sessionsOf('ann@example.org');
    expect(captured!.status).toBe('captured');
    expect(captures[3]).toMatchObject({ email: 'ann@example.org', session_id: captured!.session_id });
    expect(captures).toHaveLength(4);
    await expectNoSeriousA11yViolations(page);
    await shopper.close();

    // The cart is abandoned; the first e-mail goes out 45 minutes later.
    for (const minutes of [31, 45]) {
      clock.advance(minutes * MIN);
      await t.ctx.jobs.runDue({ limit: 100 });
    }
    expect(await sessionsOf('ann@example.org')).toEqual([expect.objectContaining({ status: 'abandoned' })]);
    const outbox = await t.app.inject({
      method: 'GET',
      url: '/wp-json/platform/v1/outbox?to=ann%40example.org',
      headers: admin,
    });
    expect(outbox.statusCode).toBe(200);
    const [mail] = outbox.json() as Array<{ text: string }>;

    // A new browser opens the restore link and lands on checkout with the same lines.
    const other = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const returning = await other.newPage();
    await returning.goto(linkWith(mail!.text, 'cartrecovery_restore'));
    await returning.waitForURL((url) => url.pathname.startsWith('/checkout'));
    await returning.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
    await returning.getByText('Welcome back! Your cart has been restored.').waitFor();
    expect(await orderLines(returning)).toEqual(['Blue Mug × 2', 'Red Shirt × 1']);
    expect(await returning.locator('[data-cart-count]').textContent()).toBe('3');
    const cart = await returning.request.get(`${base}/wp-json/wc/store/v1/cart`);
    expect(
      ((await cart.json()) as { items: Array<{ name: string; quantity: number }> }).items.map((i) => [
        i.name,
        i.quantity,
      ]),
    ).toEqual([
      ['Blue Mug', 2],
      ['Red Shirt', 1],
    ]);
    await expectNoSeriousA11yViolations(returning);

    // The e-mail's unsubscribe link confirms in the site's layout.
    await returning.goto(linkWith(mail!.text, 'cartrecovery_unsubscribe'));
    await returning.getByRole('heading', { level: 1, name: 'You are unsubscribed' }).waitFor();
    await returning.getByRole('banner').getByRole('searchbox', { name: 'Search products' }).waitFor();
    await returning.getByRole('contentinfo').waitFor();
    expect(await sessionsOf('ann@example.org')).toEqual([expect.objectContaining({ status: 'suppressed' })]);
    await expectNoSeriousA11yViolations(returning);
    await other.close();
  });
});
