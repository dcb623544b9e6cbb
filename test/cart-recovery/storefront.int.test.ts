import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/platform/clock.js';
import type { TestApp } from '../helpers/test-app.js';
import { formBrowser } from '../helpers/form-browser.js';
import { capture, createCrApp, createProduct, guestCart, setSettings } from './cr-helpers.js';
import { linkWith } from './smtp-sink.js';

// Cart recovery on the storefront, as a browser receives it: the consent box on checkout, the requests its island
// sends, the notices of restore links (on checkout and on the home page), and the unsubscribe page's layout.
const MIN = 60_000;
let t: TestApp;
let clock: ManualClock;
let admin: Record<string, string>;
let mug: number;
let shirt: number;
let tee: number;
let ipSeq = 0;
const ip = () => `10.31.0.${++ipSeq}`;

beforeAll(async () => {
  clock = new ManualClock(new Date('2026-11-23T08:00:00Z'));
  t = await createCrApp({ options: { clock } });
  admin = await t.appPasswordHeader(await t.createUser({ role: 'administrator' }));
  mug = await createProduct(t, admin, { name: 'Blue Mug', price: '12.50', stock: 5 });
  shirt = await createProduct(t, admin, { name: 'Red Shirt', price: '20.00' });
  tee = await createProduct(t, admin, { name: 'Green Tee', price: '9.00' });
});
afterAll(async () => t.close());

/** A browser without scripts: keeps cookies. */
const browser = (cookies: Record<string, string> = {}) =>
  formBrowser(t, { cookies, remoteAddress: '10.31.9.9' });
const guestWith = async (items: Array<{ id: number; quantity: number }>) => {
  const token = await guestCart(t, items);
  return { token, browser: browser({ storeside_cart: token }) };
};
const consentBox = (body: string) =>
  /<input type="checkbox" id="cartrecovery_consent" name="cartrecovery_consent" value="1"( checked)?>/.exec(
    body,
  );
const noticesOf = (body: string) =>
  [...body.matchAll(/<div class="notice (\w+)"[^>]*>([^<]*)<\/div>/g)].map(
    (m) => `${m[1]}: ${m[2]!.replaceAll('&#39;', "'")}`,
  );
const pathOf = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};
async function wc(method: 'PUT' | 'POST', path: string, payload: object) {
  const r = await t.app.inject({ method, url: `/wp-json/wc/v3${path}`, headers: admin, payload });
  expect(r.statusCode, r.body).toBeLessThan(300);
}
/** A guest capture of `items`, abandoned and e-mailed once; returns the first e-mail's text. */
async function abandonedAndMailed(email: string, items: Array<{ id: number; quantity: number }>) {
  const token = await guestCart(t, items);
  const created = await capture(
    t,
    { email, consent: true, cart: [], source: 'classic' },
    { ip: ip(), headers: { 'cart-token': token } },
  );
  expect(created.statusCode).toBe(201);
  for (const minutes of [31, 45]) {
    clock.advance(minutes * MIN);
    await t.ctx.jobs.runDue({ limit: 100 });
  }
  const outbox = await t.app.inject({
    method: 'GET',
    url: `/wp-json/platform/v1/outbox?to=${encodeURIComponent(email)}`,
    headers: admin,
  });
  expect(outbox.statusCode).toBe(200);
  const [mail] = outbox.json() as Array<{ text: string }>;
  expect(mail).toBeDefined();
  return mail!.text;
}

describe('the consent box on checkout', () => {
  it('should sit under the e-mail field, labelled with the configured text, unticked by default, with its island', async () => {
    await setSettingsAsAdmin({ consent_text: 'Remind me <b>about</b> my "cart" & more' });
    const { browser: guest } = await guestWith([{ id: mug, quantity: 2 }]);
    const page = await guest.get('/checkout/');
    expect(page.statusCode).toBe(200);
    const box = consentBox(page.body);
    expect(box).not.toBeNull();
    expect(box![1]).toBeUndefined();
    expect(page.body).toContain(
      '<label for="cartrecovery_consent">Remind me &lt;b&gt;about&lt;/b&gt; my &quot;cart&quot; &amp; more</label>',
    );
    expect(page.body.indexOf('id="billing_email"')).toBeLessThan(
      page.body.indexOf('id="cartrecovery_consent"'),
    );
    expect(page.body).toMatch(
      /<script type="module" src="\/assets\/islands\/cart-recovery-consent-[\w-]+\.js">/,
    );
    const cart = /data-cart="([^"]*)"/.exec(page.body)![1]!.replaceAll('&quot;', '"');
    expect(JSON.parse(cart)).toEqual({ items: [{ product_id: mug, variation_id: 0, quantity: 2 }] });
    expect(page.body).not.toContain('data-nonce=');
    expect(page.body).not.toContain('data-restored');
  });

  it('should be ticked when the default state says so, and absent while capture is off', async () => {
    const { browser: guest } = await guestWith([{ id: mug, quantity: 1 }]);
    await setSettingsAsAdmin({ consent_default_state: 'checked' });
    expect(consentBox((await guest.get('/checkout/')).body)![1]).toBe(' checked');
    await setSettingsAsAdmin({ capture_enabled: false });
    const off = await guest.get('/checkout/');
    expect(consentBox(off.body)).toBeNull();
    expect(off.body).not.toContain('cart-recovery-consent');
    await setSettingsAsAdmin({
      capture_enabled: true,
      consent_default_state: 'unchecked',
      consent_text: 'Save my e-mail address and cart so I can be reminded about it.',
    });
  });

  it('should give a logged-in customer the REST nonce the capture route asks of cookie logins', async () => {
    const customer = await t.createUser({ role: 'customer', email: 'kim@example.com' });
    const { cookie } = await t.login(customer);
    const add = await t.app.inject({
      method: 'POST',
      url: '/wp-json/wc/store/v1/cart/add-item',
      headers: { cookie, nonce: await storeNonce(cookie) },
      payload: { id: shirt, quantity: 1 },
    });
    expect(add.statusCode).toBe(201);
    const page = await t.app.inject({ method: 'GET', url: '/checkout/', headers: { cookie } });
    const nonce = /data-nonce="([0-9a-f]+)"/.exec(page.body)![1]!;
    const body = { email: 'kim@example.com', consent: true, cart: { items: [] }, source: 'classic' };
    const bad = await capture(t, body, { ip: ip(), headers: { cookie, 'x-wp-nonce': 'ffffffffff' } });
    expect([401, 403]).toContain(bad.statusCode);
    expect(bad.json().code).toBe('rest_cookie_invalid_nonce');
    const ok = await capture(t, body, { ip: ip(), headers: { cookie, 'x-wp-nonce': nonce } });
    expect(ok.statusCode).toBe(201);
    const row = await t.ctx.db
      .selectFrom('cr_sessions')
      .selectAll()
      .where('session_id', '=', ok.json().session_id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.cart_snapshot).items.map((i: { product_id: number }) => i.product_id)).toEqual([
      shirt,
    ]);
  });

  it("should answer the island's capture, update and withdrawal, and refuse a bad proof or body", async () => {
    const { token } = await guestWith([{ id: mug, quantity: 1 }]);
    const headers = { cookie: `storeside_cart=${token}` };
    const send = (body: Record<string, unknown>) =>
      capture(t, { cart: { items: [] }, source: 'classic', ...body }, { ip: ip(), headers });
    const created = await send({ email: 'lee@example.com', consent: true });
    expect(created.statusCode).toBe(201);
    const proof = { session_id: created.json().session_id, capture_token: created.json().capture_token };
    const updated = await send({ email: 'lee.new@example.com', consent: true, ...proof });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ success: true, session_id: proof.session_id });
    expect((await send({ consent: false, ...proof, capture_token: 'x'.repeat(64) })).statusCode).toBe(403);
    expect((await send({ consent: false, session_id: proof.session_id })).statusCode).toBe(400);
    expect((await send({ email: 'not-an-address', consent: true })).statusCode).toBe(400);
    expect((await send({ email: 'lee@example.com' })).statusCode).toBe(400);
    const withdrawn = await send({ consent: false, ...proof });
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json()).toEqual({ success: true, deleted: true });
    const left = await t.ctx.db
      .selectFrom('cr_sessions')
      .select('id')
      .where('session_id', '=', proof.session_id)
      .execute();
    expect(left).toEqual([]);
  });
});

describe('restore links on the storefront', () => {
  it('should land on checkout with the cart rebuilt and a notice of each line left out, cut or repriced', async () => {
    const text = await abandonedAndMailed('ann@example.com', [
      { id: mug, quantity: 3 },
      { id: shirt, quantity: 1 },
      { id: tee, quantity: 1 },
    ]);
    await wc('PUT', `/products/${mug}`, { stock_quantity: 2 });
    await wc('PUT', `/products/${shirt}`, { regular_price: '22.00' });
    await wc('PUT', `/products/${tee}`, { status: 'draft' });

    const fresh = browser();
    const link = await fresh.get(pathOf(linkWith(text, 'cartrecovery_restore')), ip());
    expect(link.statusCode).toBe(302);
    const location = new URL(link.headers.location as string);
    expect(location.pathname).toBe('/checkout');
    expect(Object.fromEntries(location.searchParams)).toMatchObject({
      cartrecovery_restored: '1',
      cartrecovery_unavailable: String(tee),
      cartrecovery_limited: String(mug),
      cartrecovery_repriced: String(shirt),
    });
    const checkout = await fresh.get(`${location.pathname}${location.search}`);
    expect(checkout.statusCode).toBe(200);
    expect(noticesOf(checkout.body)).toEqual([
      'success: Welcome back! Your cart has been restored.',
      'error: Not added back because no longer available: Green Tee.',
      'info: Added back only in the quantity still in stock: Blue Mug.',
      "info: The price has changed since you left your cart (your cart shows today's price): Red Shirt.",
    ]);
    expect(checkout.body).toContain('<td>Blue Mug × 2</td>');
    expect(checkout.body).toContain('<td>Red Shirt × 1</td>');
    expect(checkout.body).not.toContain('Green Tee ×');
    expect(checkout.body).toContain('data-restored');

    // A crafted URL cannot make the page name products (the lists are signed).
    location.searchParams.set('cartrecovery_unavailable', String(tee));
    location.searchParams.delete('cartrecovery_limited');
    const crafted = await fresh.get(`${location.pathname}${location.search}`);
    expect(noticesOf(crafted.body)).toEqual(['success: Welcome back! Your cart has been restored.']);
    await wc('PUT', `/products/${tee}`, { status: 'publish' });
    await wc('PUT', `/products/${mug}`, { stock_quantity: 50 });
  });

  it('should say only that the cart was restored when every line came back unchanged', async () => {
    const text = await abandonedAndMailed('bea@example.com', [{ id: tee, quantity: 2 }]);
    const fresh = browser();
    const link = await fresh.get(pathOf(linkWith(text, 'cartrecovery_restore')), ip());
    expect(link.headers.location).toBe('http://shop.test/checkout?cartrecovery_restored=1');
    const checkout = await fresh.get('/checkout?cartrecovery_restored=1');
    expect(noticesOf(checkout.body)).toEqual(['success: Welcome back! Your cart has been restored.']);
    expect(checkout.body).toContain('<td>Green Tee × 2</td>');
  });

  it('should show a readable notice on the home page for each restore error, and never echo the value', async () => {
    const expected: Record<string, string> = {
      expired:
        'This cart link has expired, so your cart could not be restored. Links in cart reminders work for 48 hours.',
      invalid: 'This cart link is not valid, so your cart could not be restored.',
      empty: 'None of the items in that cart are available any more, so it could not be restored.',
      rate_limited: 'Too many cart links were opened from your address. Please try again in a few minutes.',
      '<script>alert(1)</script>': 'Your cart could not be restored.',
      constructor: 'Your cart could not be restored.',
    };
    for (const [code, text] of Object.entries(expected)) {
      const r = await t.app.inject({
        method: 'GET',
        url: `/?cartrecovery_restore_error=${encodeURIComponent(code)}`,
      });
      expect(r.statusCode).toBe(200);
      expect(noticesOf(r.body)).toEqual([`error: ${text}`]);
      expect(r.body).not.toContain('<script>alert(1)</script>');
    }
    const plain = await t.app.inject({ method: 'GET', url: '/' });
    expect(noticesOf(plain.body)).toEqual([]);
  });
});

describe('the unsubscribe page', () => {
  it("should confirm in the site's layout, and answer bad or too many links there too", async () => {
    const text = await abandonedAndMailed('cy@example.com', [{ id: shirt, quantity: 1 }]);
    const page = await t.app.inject({
      method: 'GET',
      url: pathOf(linkWith(text, 'cartrecovery_unsubscribe')),
      remoteAddress: ip(),
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.body).toContain('<header class="site-header">');
    expect(page.body).toContain('Search products');
    expect(page.body).toContain('<h1>You are unsubscribed</h1>');
    expect(page.body).toContain('Storeside will not send you any more cart reminders.');
    expect(page.body).toContain('<meta name="robots" content="noindex">');
    expect(page.body).toContain('<meta name="referrer" content="no-referrer">');
    expect(page.body).toContain('<footer class="site-footer">');

    const address = ip();
    const unknown = await t.app.inject({
      method: 'GET',
      url: `/?cartrecovery_unsubscribe=${'z'.repeat(64)}`,
      remoteAddress: address,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('<h1>Link not recognised</h1>');
    expect(unknown.body).toContain('<header class="site-header">');
    for (let i = 0; i < 10; i++)
      await t.app.inject({ method: 'GET', url: '/?cartrecovery_unsubscribe=short', remoteAddress: address });
    const limited = await t.app.inject({
      method: 'GET',
      url: '/?cartrecovery_unsubscribe=short',
      remoteAddress: address,
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.body).toContain('<h1>Please try again later</h1>');
    expect(limited.body).toContain('<header class="site-header">');
  });
});

async function setSettingsAsAdmin(patch: Record<string, unknown>) {
  await setSettings(t, admin, patch);
}

async function storeNonce(cookie: string): Promise<string> {
  const r = await t.app.inject({ method: 'GET', url: '/wp-json/wc/store/v1/cart', headers: { cookie } });
  return r.headers.nonce as string;
}
