import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerSum } from '../../src/extensions/loyalty/ledger/points-ledger.repository.js';
import { ManualClock } from '../../src/platform/clock.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { seedProduct } from '../shop/cart-helpers.js';
import { adjust, adminSession, loyalty } from './helpers.js';
import { addToCart, checkout, customer, entriesOf, refundOrder, setOrderStatus } from './shop.js';

let t: TestApp;
let clock: ManualClock;
let admin: Record<string, string>;
let adminUser: Awaited<ReturnType<TestApp['createUser']>>;
let product: number;

beforeAll(async () => {
  clock = new ManualClock(new Date('2026-05-01T08:00:00Z'));
  t = await createTestApp({ options: { clock } });
  ({ admin: adminUser, headers: admin } = await adminSession(t));
  product = await seedProduct(t, { name: 'Lamp', price: 5000 });
});
afterAll(async () => t.close());

async function settings(patch: Record<string, unknown>) {
  const r = await loyalty(t, 'POST', '/settings', admin, patch);
  expect(r.statusCode).toBe(200);
}

/** A customer who bought `quantity` lamps ($50 each) and whose order is now processing. */
async function buyer(quantity = 1) {
  const c = await customer(t);
  await addToCart(t, c.headers, product, quantity);
  const placed = await checkout(t, c.headers);
  expect(placed.statusCode).toBe(200);
  return { ...c, orderId: placed.json().order_id as number };
}

describe('order earning and refund clawback', () => {
  it('should credit floor(subtotal × points per dollar) once when the order reaches the trigger status', async () => {
    await settings({ earning_pointsPerDollar: 1.5 });
    const b = await buyer(1);
    expect(await entriesOf(t, admin, b.user.id)).toEqual([]);
    await setOrderStatus(t, admin, b.orderId, 'completed');
    const order = (await t.ctx.shop.getOrder(b.orderId))!;
    await t.ctx.events.emit('order.status_changed', { order, from: 'processing', to: 'completed' });
    const entries = await entriesOf(t, admin, b.user.id);
    expect(entries).toEqual([
      expect.objectContaining({
        transaction_type: 'credit',
        amount: '75.00',
        reference_type: 'order',
        reference_id: b.orderId,
        description: `Points earned for order #${b.orderId}`,
        expires_at: null,
      }),
    ]);
    await settings({ earning_pointsPerDollar: 1 });
  });

  it('should earn on processing when that is the trigger', async () => {
    await settings({ earning_orderStatusTrigger: 'processing' });
    const b = await buyer(2);
    expect((await entriesOf(t, admin, b.user.id))[0]).toMatchObject({
      amount: '100.00',
      reference_type: 'order',
    });
    await settings({ earning_orderStatusTrigger: 'completed' });
  });

  it('should claw back proportionally on partial refunds, tracking the cumulative refunded amount', async () => {
    const b = await buyer(2); // $100, earns 100
    await setOrderStatus(t, admin, b.orderId, 'completed');
    await refundOrder(t, admin, b.orderId, '10.00');
    await refundOrder(t, admin, b.orderId, '15.50');
    let entries = await entriesOf(t, admin, b.user.id);
    expect(entries.filter((e) => e.reference_type === 'refund').map((e) => e.amount)).toEqual([
      '15.00',
      '10.00',
    ]);
    await refundOrder(t, admin, b.orderId, '74.50');
    entries = await entriesOf(t, admin, b.user.id);
    const clawed = entries.filter((e) => e.reference_type === 'refund' && e.transaction_type === 'debit');
    expect(clawed.reduce((s, e) => s + Number(e.amount), 0)).toBe(100);
    expect(await ledgerSum(t.ctx.db, b.user.id)).toBe(0);
  });

  it('should let a clawback take the balance below zero', async () => {
    const b = await buyer(1);
    await setOrderStatus(t, admin, b.orderId, 'completed');
    await adjust(t, admin, { user_id: b.user.id, amount: 50, type: 'debit' });
    await refundOrder(t, admin, b.orderId, '50.00');
    const r = await loyalty(t, 'GET', `/user-points/search-users?search=${b.user.username}%40`, admin);
    expect(r.json()[0].balance).toBe(-50);
  });
});

describe('registration, reviews and referrals', () => {
  it('should credit registration points once when a customer registers', async () => {
    await settings({ earning_pointsForRegistration: 25 });
    const r = await t.app.inject({
      method: 'POST',
      url: '/wp-json/auth/v1/register',
      payload: { email: 'newbie@example.com', password: 'newbie-password-1' },
    });
    expect(r.statusCode).toBe(201);
    const id = r.json().user?.id ?? r.json().id;
    expect(await entriesOf(t, admin, id)).toEqual([
      expect.objectContaining({ amount: '25.00', reference_type: 'registration', reference_id: id }),
    ]);
    await settings({ earning_pointsForRegistration: 0 });
  });

  it('should credit the first approved review of a product only', async () => {
    await settings({ earning_pointsForReview: 10 });
    const b = await buyer(1);
    const post = () =>
      t.app.inject({
        method: 'POST',
        url: '/wp-json/wc/store/v1/products/reviews',
        headers: b.headers,
        payload: { product_id: product, review: 'Nice lamp', rating: 5 },
      });
    const first = await post();
    expect(first.statusCode).toBe(201);
    const review = {
      id: first.json().id + 1000,
      product_id: product,
      user_id: b.user.id,
      reviewer_email: 'x@example.com',
      rating: 4,
    };
    await t.ctx.events.emit('review.approved', { review });
    const reviews = (await entriesOf(t, admin, b.user.id)).filter((e) => e.reference_type === 'review');
    expect(reviews).toEqual([expect.objectContaining({ amount: '10.00', reference_id: product })]);
    await settings({ earning_pointsForReview: 0 });
  });

  it('should set the signed ref cookie, link the referee at registration, discount their first order and pay the referrer once', async () => {
    await settings({
      referrals_enabled: true,
      referrals_bonusPoints: 300,
      referrals_newCustomerDiscount: 10,
    });
    const referrer = await customer(t);
    const me = await loyalty(t, 'GET', '/me', referrer.headers);
    const code = me.json().referral.code as string;
    expect(me.json().referral.link).toBe(`http://shop.test/?ref=${code}`);

    const visit = await t.app.inject({ method: 'GET', url: `/?ref=${code.toLowerCase()}` });
    const cookie = visit.cookies.find((c) => c.name === 'storeside_ref');
    expect(cookie?.value).toMatch(new RegExp(`^${code}-\\d+-[0-9a-f]{32}$`));
    expect(cookie?.maxAge).toBe(30 * 86400);
    const forged = await t.app.inject({ method: 'GET', url: '/?ref=NOSUCHCODE' });
    expect(forged.cookies.find((c) => c.name === 'storeside_ref')).toBeUndefined();

    const reg = await t.app.inject({
      method: 'POST',
      url: '/wp-json/auth/v1/register',
      headers: { cookie: `storeside_ref=${cookie!.value}` },
      payload: { email: 'referee@example.com', password: 'referee-password-1' },
    });
    expect(reg.statusCode).toBe(201);
    const login = await t.login({ username: 'referee@example.com', password: 'referee-password-1' });
    await addToCart(t, login.headers, product, 1);
    const cart = await t.app.inject({
      method: 'GET',
      url: '/wp-json/wc/store/v1/cart',
      headers: login.headers,
    });
    expect(cart.json().fees).toEqual([expect.objectContaining({ name: 'Referral discount' })]);
    const placed = await checkout(t, login.headers, 'referee@example.com');
    expect(placed.statusCode).toBe(200);
    await setOrderStatus(t, admin, placed.json().order_id, 'completed');
    await t.ctx.jobs.runDue();
    await t.ctx.jobs.runDue();
    const bonus = (await entriesOf(t, admin, referrer.user.id)).filter(
      (e) => e.reference_type === 'referral',
    );
    expect(bonus).toEqual([
      expect.objectContaining({
        amount: '300.00',
        reference_id: placed.json().order_id,
        transaction_type: 'credit',
      }),
    ]);
    // The referee earned on the discounted subtotal: $50 − $10 = 40 points.
    const refereeId = (await loyalty(t, 'GET', '/me', login.headers)).json().user_id;
    expect((await entriesOf(t, admin, refereeId)).find((e) => e.reference_type === 'order')?.amount).toBe(
      '40.00',
    );

    // A second order neither gets the discount nor pays the referrer again.
    await addToCart(t, login.headers, product, 1);
    expect(
      (await t.app.inject({ method: 'GET', url: '/wp-json/wc/store/v1/cart', headers: login.headers })).json()
        .fees,
    ).toEqual([]);
    const again = await checkout(t, login.headers, 'referee@example.com');
    await setOrderStatus(t, admin, again.json().order_id, 'completed');
    await t.ctx.jobs.runDue();
    expect(
      (await entriesOf(t, admin, referrer.user.id)).filter((e) => e.reference_type === 'referral'),
    ).toHaveLength(1);
    await settings({ referrals_enabled: false });
  });
});

describe('tiers and expiry', () => {
  it('should upgrade at once, multiply order earnings, and downgrade in the daily job', async () => {
    await settings({ tiers_enabled: true });
    const b = await buyer(20); // $1000 → 1000 points → Silver
    await setOrderStatus(t, admin, b.orderId, 'completed');
    let me = (await loyalty(t, 'GET', '/me', b.headers)).json();
    expect(me.tier).toMatchObject({
      name: 'Silver',
      multiplier: 1.5,
      tier_points: 1000,
      next: { name: 'Gold', points_needed: 4000 },
    });
    await addToCart(t, b.headers, product, 2);
    const second = await checkout(t, b.headers);
    await setOrderStatus(t, admin, second.json().order_id, 'completed');
    expect((await entriesOf(t, admin, b.user.id))[0]).toMatchObject({
      amount: '150.00',
      reference_type: 'order',
    });

    clock.advance(366 * 86_400_000);
    await t.ctx.jobs.runDue();
    const fresh = await t.login(b.user);
    me = (await loyalty(t, 'GET', '/me', fresh.headers)).json();
    expect(me.tier).toMatchObject({ name: 'Bronze', tier_points: 0 });
    admin = (await t.login(adminUser)).headers;
    await settings({ tiers_enabled: false });
  });

  it('should expire what is left of expired credits, oldest first, in the daily job', async () => {
    await settings({ expiry_enabled: true, expiry_days: 30 });
    const b = await buyer(2); // 100 points, expiring in 30 days
    await setOrderStatus(t, admin, b.orderId, 'completed');
    const [earned] = await entriesOf(t, admin, b.user.id);
    expect(earned!.expires_at).not.toBeNull();
    await adjust(t, admin, { user_id: b.user.id, amount: 40, type: 'credit' }); // never expires
    await adjust(t, admin, { user_id: b.user.id, amount: 30, type: 'debit' }); // consumes the oldest lot first
    clock.advance(31 * 86_400_000);
    await t.ctx.jobs.runDue();
    await t.ctx.jobs.runDue();
    admin = (await t.login(adminUser)).headers;
    const entries = await entriesOf(t, admin, b.user.id);
    expect(entries.filter((e) => e.reference_type === 'expiry')).toEqual([
      expect.objectContaining({ transaction_type: 'debit', amount: '70.00' }),
    ]);
    expect(await ledgerSum(t.ctx.db, b.user.id)).toBe(4000);
    await settings({ expiry_enabled: false });
  });
});

describe('GET /loyalty/v1/me', () => {
  it('should show the balance, its value and paginated history', async () => {
    const c = await customer(t);
    await adjust(t, admin, { user_id: c.user.id, amount: 250 });
    await adjust(t, admin, { user_id: c.user.id, amount: 50, type: 'debit' });
    const r = await loyalty(t, 'GET', '/me?per_page=1', c.headers);
    expect(r.statusCode).toBe(200);
    expect(r.headers['x-wp-total']).toBe('2');
    expect(r.json()).toMatchObject({
      user_id: c.user.id,
      balance: 200,
      balance_value: 2,
      currency: 'USD',
      tier: null,
    });
    expect(r.json().history).toHaveLength(1);
    expect(r.json().history[0]).toMatchObject({ transaction_type: 'debit', amount: '50.00' });
  });

  it('should refuse a missing nonce or an anonymous caller with 401, and bad paging with 422', async () => {
    const c = await customer(t);
    expect((await loyalty(t, 'GET', '/me', { cookie: c.cookie })).statusCode).toBe(401);
    expect((await loyalty(t, 'GET', '/me', {})).statusCode).toBe(401);
    const bad = await loyalty(t, 'GET', '/me?per_page=0', c.headers);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().data.errors.per_page).toHaveProperty('min');
  });
});
