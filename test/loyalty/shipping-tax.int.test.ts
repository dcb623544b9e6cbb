import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { seedProduct } from '../shop/cart-helpers.js';
import { adjust, adminSession, loyalty } from './helpers.js';
import { addToCart, customer, entriesOf, refundOrder, storeCart } from './shop.js';

type Json = Record<string, any>;

let t: TestApp;
let admin: Record<string, string>;
let lamp: number;

const PARIS = { country: 'FR', postcode: '75001', city: 'Paris' };

async function wc(method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown): Promise<Json> {
  const r = await t.app.inject({
    method,
    url: `/wp-json/wc/v3/${url}`,
    headers: admin,
    ...(payload ? { payload: payload as Json } : {}),
  });
  expect(r.statusCode, r.body).toBeLessThan(300);
  return r.json();
}

function store(headers: Record<string, string>, path: string, payload: Json) {
  return t.app.inject({ method: 'POST', url: `/wp-json/wc/store/v1/${path}`, headers, payload });
}

/** A customer's cart of `quantity` lamps with the 10 % coupon, shipped to Paris (flat rate 7.45, 20 % VAT). */
async function parisCart(quantity: number) {
  const c = await customer(t);
  await addToCart(t, c.headers, lamp, quantity);
  expect((await store(c.headers, 'cart/apply-coupon', { code: 'tenoff' })).statusCode).toBe(200);
  const r = await store(c.headers, 'cart/update-customer', {
    shipping_address: PARIS,
    billing_address: PARIS,
  });
  expect(r.statusCode, r.body).toBe(200);
  return c;
}

/** Checks out a customer's cart (cash on delivery → processing) and answers the order as wc/v3 shows it. */
async function placeOrder(headers: Record<string, string>): Promise<Json> {
  const placed = await store(headers, 'checkout', {
    billing_address: { email: 'marie@example.com', first_name: 'Marie', address_1: '1 rue', ...PARIS },
    payment_method: 'cod',
  });
  expect(placed.statusCode, placed.body).toBe(200);
  return wc('GET', `orders/${placed.json().order_id}`);
}

beforeAll(async () => {
  t = await createTestApp();
  ({ headers: admin } = await adminSession(t));
  lamp = await seedProduct(t, { name: 'Lamp', price: 5000 });
  const eu = await wc('POST', 'shipping/zones', { name: 'Europe', order: 1 });
  await wc('PUT', `shipping/zones/${eu.id}/locations`, [{ code: 'EU', type: 'continent' }]);
  await wc('POST', `shipping/zones/${eu.id}/methods`, {
    method_id: 'flat_rate',
    settings: { title: 'Courier', cost: '7.45' },
  });
  await wc('POST', 'taxes', { country: 'FR', rate: '20', name: 'TVA', shipping: true });
  await wc('PUT', 'settings/general/woocommerce_calc_taxes', { value: 'yes' });
  await wc('POST', 'coupons', { code: 'tenoff', discount_type: 'percent', amount: '10' });
  const r = await loyalty(t, 'POST', '/settings', admin, {
    earning_pointsPerDollar: 1,
    earning_orderStatusTrigger: 'processing',
  });
  expect(r.statusCode, r.body).toBe(200);
});
afterAll(async () => t?.close());

describe('earning on an order with shipping and tax', () => {
  it('should promise and earn on the items after the coupon only, never on shipping or tax', async () => {
    const c = await parisCart(2);
    const cart = await storeCart(t, c.headers);
    // 100.00 − 10 % = 90.00; shipping 7.45; tax 18.00 + 1.49.
    expect(cart.totals).toMatchObject({ total_shipping: '745', total_tax: '1949', total_price: '11694' });
    expect(cart.extensions.loyalty.points_to_earn).toBe(90);
    const order = await placeOrder(c.headers);
    expect(order).toMatchObject({ status: 'processing', total: '116.94', shipping_total: '7.45' });
    expect(await entriesOf(t, admin, c.user.id)).toEqual([
      expect.objectContaining({ transaction_type: 'credit', amount: '90.00', reference_id: order.id }),
    ]);
  });

  it('should claw back the refunded share of the goods, and nothing for a refund of the shipping', async () => {
    const c = await parisCart(2);
    const order = await placeOrder(c.headers);
    // The goods cost 108.00 with their tax (116.94 less 7.45 shipping and its 1.49 tax).
    await refundOrder(t, admin, order.id, '54.00');
    const debits = async () =>
      (await entriesOf(t, admin, c.user.id))
        .filter((e) => e.transaction_type === 'debit')
        .map((e) => e.amount);
    expect(await debits()).toEqual(['45.00']);
    await refundOrder(t, admin, order.id, '54.00');
    expect(await debits()).toEqual(['45.00', '45.00']);
    // Only shipping is left to refund: every point is already back.
    await refundOrder(t, admin, order.id, '8.94');
    expect(await debits()).toEqual(['45.00', '45.00']);
    expect((await wc('GET', `orders/${order.id}`)).status).toBe('refunded');
  });

  it('should earn on prices without their tax when prices are entered with tax', async () => {
    await withPricesIncludingTax(async () => {
      const c = await parisCart(1);
      // 50.00 entered with 20 % VAT: 41.67 without it, 37.50 after the coupon (45.00 with its tax).
      const cart = await storeCart(t, c.headers);
      expect(cart.extensions.loyalty.points_to_earn).toBe(37);
      const order = await placeOrder(c.headers);
      expect(await entriesOf(t, admin, c.user.id)).toEqual([
        expect.objectContaining({ transaction_type: 'credit', amount: '37.00', reference_id: order.id }),
      ]);
    });
  });

  it('should cap redemption on the entered prices after coupons, the same for the cart and for POST /redeem', async () => {
    await withPricesIncludingTax(async () => {
      const c = await parisCart(1);
      await adjust(t, admin, { user_id: c.user.id, amount: 5000 });
      // 50 % of 45.00 (50.00 less the 10 % coupon, as entered) at 0.01 a point.
      expect((await storeCart(t, c.headers)).extensions.loyalty.redeem_max_points).toBe(2250);
      const over = await loyalty(t, 'POST', '/redeem', c.headers, { points: 2251 });
      expect(over.statusCode).toBe(422);
      const r = await loyalty(t, 'POST', '/redeem', c.headers, { points: 2250 });
      expect(r.statusCode, r.body).toBe(200);
      const cart = await storeCart(t, c.headers);
      expect(cart.fees).toEqual([
        expect.objectContaining({ totals: expect.objectContaining({ total: '-2250' }) }),
      ]);
      expect(cart.extensions.loyalty.redemption).toMatchObject({ points: 2250 });
    });
  });
});

/** Runs `fn` with prices entered with the tax of the shop's own address (France), then restores both options. */
async function withPricesIncludingTax(fn: () => Promise<void>): Promise<void> {
  // WooCommerce takes the base address's tax out of entered prices, then adds the shopper's.
  await wc('PUT', 'settings/general/woocommerce_default_country', { value: 'FR' });
  await wc('PUT', 'settings/tax/woocommerce_prices_include_tax', { value: 'yes' });
  try {
    await fn();
  } finally {
    await wc('PUT', 'settings/tax/woocommerce_prices_include_tax', { value: 'no' });
    await wc('PUT', 'settings/general/woocommerce_default_country', { value: 'US:CA' });
  }
}
