import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { formBrowser } from '../helpers/form-browser.js';
import { guestToken, seedProduct, seedVariable } from '../shop/cart-helpers.js';
import { adjust, adminSession, loyalty } from './helpers.js';
import { addToCart, checkout, customer, entriesOf, setOrderStatus, storeCart } from './shop.js';

// Loyalty's storefront parts as a browser without JavaScript sees them (GET pages, POST forms, cookies kept), and
// its Store API cart update; results checked through the REST API.
let t: TestApp;
let admin: Record<string, string>;
let chair: number;
let chairSlug: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ headers: admin } = await adminSession(t));
  chair = await seedProduct(t, { name: 'Chair', price: 5000 });
  const product = await t.app.inject({ method: 'GET', url: `/wp-json/wc/store/v1/products/${chair}` });
  chairSlug = product.json().slug;
});
afterAll(async () => t.close());

async function settings(patch: Record<string, unknown>) {
  expect((await loyalty(t, 'POST', '/settings', admin, patch)).statusCode).toBe(200);
}

/** A browser without JavaScript (cookies kept), optionally logged in with a session cookie. */
const browser = (cookie = '') => formBrowser(t, { cookies: cookie });

const hidden = (body: string, name: string) =>
  body.match(new RegExp(`name="${name}" value="([^"]*)"`))?.[1] ?? '';

/** A logged-in customer holding `points`, with one $50 chair in the cart, and their browser. */
async function shopper(points: number) {
  const c = await customer(t);
  if (points > 0) await adjust(t, admin, { user_id: c.user.id, amount: points });
  await addToCart(t, c.headers, chair, 1);
  return { ...c, browser: browser(c.cookie) };
}

describe('product page and cart', () => {
  it('should show "Earn N points" on a product page, "up to" for a price range, and nothing while earning is off', async () => {
    const page = await browser().get(`/product/${chairSlug}/`);
    expect(page.body).toContain('<p class="loyalty-earn">Earn 50 points with this purchase.</p>');
    const lamp = await seedVariable(t, {
      name: 'Lamp',
      variations: [
        { color: 'Red', price: 1000 },
        { color: 'Blue', price: 2550 },
      ],
    });
    const slug = (
      await t.app.inject({ method: 'GET', url: `/wp-json/wc/store/v1/products/${lamp.id}` })
    ).json().slug;
    expect((await browser().get(`/product/${slug}/`)).body).toContain(
      'Earn up to 25 points with this purchase.',
    );
    await settings({ earning_pointsPerDollar: 0 });
    expect((await browser().get(`/product/${chairSlug}/`)).body).not.toContain('loyalty-earn');
    await settings({ earning_pointsPerDollar: 1 });
  });

  it('should show the earn notice on the cart: customers, and guests with a link to create an account', async () => {
    const c = await shopper(0);
    expect((await c.browser.get('/cart/')).body).toContain('Complete this order to earn 50 points!');
    const guest = browser();
    await guest.post('/cart/', { 'add-to-cart': String(chair), quantity: '2' });
    const cart = await guest.get('/cart/');
    expect(cart.body).toContain(
      '<a href="/my-account/?redirect_to=%2Fcart%2F">Create an account</a> to earn 100 points on this order!',
    );
    await settings({ display_guestNoticeEnabled: false });
    expect((await guest.get('/cart/')).body).not.toContain('Create an account');
    await settings({ display_guestNoticeEnabled: true });
  });
});

describe('checkout points widget without JavaScript', () => {
  it('should show the widget only to customers, with the balance, the bounds and the form fields', async () => {
    const guest = browser();
    await guest.post('/cart/', { 'add-to-cart': String(chair), quantity: '1' });
    const guestPage = await guest.get('/checkout/');
    expect(guestPage.body).not.toContain('Use your points');
    const poor = await shopper(50);
    expect((await poor.browser.get('/checkout/')).body).toContain(
      'You can use points once you have at least 100.',
    );
    const c = await shopper(3000);
    const page = await c.browser.get('/checkout/');
    expect(page.body).toContain('You have <strong>3,000</strong> points (1 point = $0.01).');
    expect(page.body).toContain('<label for="loyalty_points">Points to use</label>');
    expect(page.body).toContain('min="100" max="2500"');
    expect(page.body).toContain('Use between 100 and 2,500 points on this order.');
    expect(page.body).toContain('formaction="/loyalty/points/"');
    expect(page.body).toMatch(
      /<button type="submit" class="secondary" name="loyalty_action" value="apply"[^>]*>Apply points</,
    );
    expect(hidden(page.body, 'loyalty_nonce')).toMatch(/^[0-9a-f]{10}$/);
  });

  it('should apply and remove points with the form post, the totals following, and come back to checkout', async () => {
    const c = await shopper(3000);
    const page = await c.browser.get('/checkout/');
    const form = {
      _wpnonce: hidden(page.body, '_wpnonce'),
      loyalty_nonce: hidden(page.body, 'loyalty_nonce'),
      billing_email: c.user.email,
      loyalty_points: '600',
    };
    const applied = await c.browser.post('/loyalty/points/', { ...form, loyalty_action: 'apply' });
    expect(applied.statusCode).toBe(303);
    expect(applied.headers.location).toBe('/checkout/?loyalty_points=applied');
    const after = await c.browser.get(applied.headers.location!.toString());
    expect(after.body).toContain('Your points discount has been applied.');
    expect(after.body).toContain('600 points applied: −$6.00 off this order.');
    expect(after.body).toContain('<th scope="row">Points discount</th><td class="num">$-6.00</td>');
    expect(after.body).toContain('<strong data-cart-total>$44.00</strong>');
    expect((await storeCart(t, c.headers)).extensions.loyalty.redemption).toMatchObject({ points: 600 });
    const removed = await c.browser.post('/loyalty/points/', { ...form, loyalty_action: 'remove' });
    expect(removed.headers.location).toBe('/checkout/?loyalty_points=removed');
    expect((await c.browser.get('/checkout/?loyalty_points=removed')).body).toContain(
      'Your points discount has been removed.',
    );
    expect((await storeCart(t, c.headers)).fees).toEqual([]);
  });

  it('should send refusals back to checkout as notices, changing nothing', async () => {
    const c = await shopper(3000);
    const page = await c.browser.get('/checkout/');
    const post = (points: string) =>
      c.browser.post('/loyalty/points/', {
        loyalty_nonce: hidden(page.body, 'loyalty_nonce'),
        loyalty_action: 'apply',
        loyalty_points: points,
      });
    const cases: Array<[string, string, string]> = [
      ['99', 'min', 'At least 100 points must be redeemed.'],
      ['3001', 'balance', 'You cannot redeem more than your balance of 3,000 points.'],
      ['2501', 'cap', 'At most 2,500 points can be redeemed on this cart.'],
      ['lots', 'invalid', 'Enter a whole number of points.'],
      ['', 'invalid', 'Enter a whole number of points.'],
    ];
    for (const [points, code, message] of cases) {
      const r = await post(points);
      expect(r.statusCode, points).toBe(303);
      expect(r.headers.location).toBe(`/checkout/?loyalty_points=${code}`);
      const shown = await c.browser.get(r.headers.location!.toString());
      expect(shown.body).toContain(`<div class="notice error" role="alert">${message}</div>`);
    }
    expect((await storeCart(t, c.headers)).fees).toEqual([]);
  });

  it('should answer a guest with 401, a stale form with 403 and a malformed body with 400', async () => {
    const guest = await t.app.inject({
      method: 'POST',
      url: '/loyalty/points/',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'loyalty_action=apply&loyalty_points=100',
    });
    expect(guest.statusCode).toBe(401);
    expect(guest.headers['content-type']).toContain('text/html');
    expect(guest.body).toContain('Log in to use your points');
    const c = await shopper(3000);
    const stale = await c.browser.post('/loyalty/points/', {
      loyalty_nonce: '0123456789',
      loyalty_action: 'apply',
      loyalty_points: '500',
    });
    expect(stale.statusCode).toBe(403);
    expect(stale.body).toContain('The page has expired');
    const fields = Object.fromEntries(Array.from({ length: 120 }, (_, i) => [`f${i}`, 'x']));
    expect((await c.browser.post('/loyalty/points/', fields)).statusCode).toBe(400);
    expect((await storeCart(t, c.headers)).fees).toEqual([]);
  });

  it('should place an order with the points discount through the plain checkout form', async () => {
    const c = await shopper(3000);
    let page = await c.browser.get('/checkout/');
    await c.browser.post('/loyalty/points/', {
      loyalty_nonce: hidden(page.body, 'loyalty_nonce'),
      loyalty_action: 'apply',
      loyalty_points: '1000',
    });
    page = await c.browser.get('/checkout/');
    const placed = await c.browser.post('/checkout/', {
      _wpnonce: hidden(page.body, '_wpnonce'),
      loyalty_nonce: hidden(page.body, 'loyalty_nonce'),
      loyalty_points: '2500',
      billing_email: c.user.email,
      billing_first_name: 'Ada',
      billing_last_name: 'L',
      billing_address_1: '1 Road',
      billing_city: 'Oslo',
      billing_postcode: '0150',
      billing_country: 'NO',
      payment_method: 'cod',
    });
    expect(placed.statusCode, placed.body.slice(0, 500)).toBe(303);
    const entries = await entriesOf(t, admin, c.user.id);
    expect(entries[0]).toMatchObject({
      transaction_type: 'debit',
      amount: '1000.00',
      reference_type: 'order',
    });
  });
});

describe('POST /wc/store/v1/cart/extensions with namespace loyalty', () => {
  const post = (headers: Record<string, string>, data: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/wp-json/wc/store/v1/cart/extensions',
      headers,
      payload: { namespace: 'loyalty', data } as object,
    });

  it('should apply and remove points for a customer and answer the cart with its totals', async () => {
    const c = await shopper(3000);
    const applied = await post(c.headers, { action: 'apply', points: 700 });
    expect(applied.statusCode).toBe(200);
    expect(applied.json().totals.total_price).toBe('4300');
    expect(applied.json().fees).toEqual([expect.objectContaining({ name: 'Points discount' })]);
    expect(applied.json().extensions.loyalty.redemption).toMatchObject({ points: 700, discount_value: 7 });
    const removed = await post(c.headers, { action: 'remove' });
    expect(removed.json().totals.total_price).toBe('5000');
    expect(removed.json().extensions.loyalty.redemption).toBeNull();
  });

  it('should refuse bad data with 400 and the field, a guest with 401, a missing nonce with 401', async () => {
    const c = await shopper(3000);
    const below = await post(c.headers, { action: 'apply', points: 50 });
    expect(below.statusCode).toBe(400);
    expect(below.json().data.errors.points).toHaveProperty('min');
    expect(
      (await post(c.headers, { action: 'apply', points: 'x' })).json().data.errors.points,
    ).toHaveProperty('integer');
    expect((await post(c.headers, { action: 'steal' })).json().data.errors.action).toHaveProperty('in');
    const token = await guestToken(t);
    await addToCart(t, { 'cart-token': token }, chair, 1);
    const guest = await post({ 'cart-token': token }, { action: 'apply', points: 100 });
    expect(guest.statusCode).toBe(401);
    expect(guest.json().code).toBe('loyalty_login_required');
    const noNonce = await post({ cookie: c.cookie }, { action: 'apply', points: 100 });
    expect(noNonce.statusCode).toBe(401);
    expect((await storeCart(t, c.headers)).fees).toEqual([]);
  });
});

describe('order received', () => {
  it("should tell the customer the order's points, then that they were earned; nothing for anyone else", async () => {
    const c = await shopper(0);
    const placed = await checkout(t, c.headers, c.user.email);
    const { order_id: id, order_key: key } = placed.json();
    const url = `/checkout/order-received/${id}/?key=${key}`;
    expect((await c.browser.get(url)).body).toContain(
      'This order will earn you 50 points once it is complete.',
    );
    const other = await customer(t);
    expect((await browser(other.cookie).get(url)).body).not.toContain('loyalty-order-points');
    await setOrderStatus(t, admin, id, 'completed');
    expect((await c.browser.get(url)).body).toContain('You earned 50 points with this order.');
  });
});

describe('My account → Points', () => {
  it('should show the balance and its value, the tier progress, the referral link and paged history', async () => {
    await settings({ tiers_enabled: true, referrals_enabled: true });
    const c = await customer(t);
    for (let i = 0; i < 11; i++)
      await adjust(t, admin, { user_id: c.user.id, amount: 100, reason: `Gift <${i}>` });
    const v = browser(c.cookie);
    const dashboard = await v.get('/my-account/');
    expect(dashboard.body).toContain('<a href="/my-account/points/">Points</a>');
    const page = await v.get('/my-account/points/');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h1>Points</h1>');
    expect(page.body).toContain('<strong>1,100 points</strong>, worth $11.00');
    // Tier points count earnings only (adjustments do not), so this customer is still Bronze.
    expect(page.body).toContain('<strong>Bronze Member</strong> · 1x earning multiplier');
    expect(page.body).toContain('Earn 1,000 more points for Silver.');
    expect(page.body).toContain('<progress max="1000" value="0"');
    expect(page.body).toMatch(
      /<input type="text" id="referral-link" value="http:\/\/shop\.test\/\?ref=[A-Z0-9]{8}" readonly>/,
    );
    expect(page.body).toContain('data-copy-from="referral-link" hidden>Copy link</button>');
    expect(page.body).toContain('Gift &lt;10&gt;');
    expect(page.body).not.toContain('Gift &lt;0&gt;');
    expect(page.body).toContain('<a href="/my-account/points/2/">Next</a>');
    const second = await v.get('/my-account/points/2/');
    expect(second.body).toContain('Gift &lt;0&gt;');
    expect(second.body).toContain('<a href="/my-account/points/">Previous</a>');
    expect((await v.get('/my-account/points/3/')).statusCode).toBe(404);
    const guest = await browser().get('/my-account/points/');
    expect(guest.body).not.toContain('1,100 points');
    expect(guest.body).toContain('Username or email address');
    await settings({ tiers_enabled: false, referrals_enabled: false });
  });
});

describe('referral links', () => {
  it('should tell a guest following a referral link of the new-customer discount, and nobody else', async () => {
    await settings({ referrals_enabled: true, referrals_newCustomerDiscount: 7.5 });
    const referrer = await customer(t);
    const me = await t.app.inject({
      method: 'GET',
      url: '/wp-json/loyalty/v1/me',
      headers: referrer.headers,
    });
    const code = me.json().referral.code as string;
    const landing = await browser().get(`/?ref=${code}`);
    expect(landing.body).toContain(
      'A friend invited you: <a href="/my-account/">create an account</a> and get $7.50 off your first order.',
    );
    expect(landing.cookies.some((c) => c.name === 'storeside_ref')).toBe(true);
    expect((await browser().get('/?ref=NOSUCH99')).body).not.toContain('A friend invited you');
    expect((await browser(referrer.cookie).get(`/?ref=${code}`)).body).not.toContain('A friend invited you');
    await settings({ referrals_enabled: false });
    expect((await browser().get(`/?ref=${code}`)).body).not.toContain('A friend invited you');
  });
});
