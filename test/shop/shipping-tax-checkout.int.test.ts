import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { guestToken, seedProduct, storePost } from './cart-helpers.js';

type Json = Record<string, any>;

let t: TestApp;
let manager: Record<string, string>;
let lamp: number;

const admin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/wp-json/wc/v3/${url}`,
    headers: manager,
    ...(payload ? { payload: payload as Json } : {}),
  });

async function created(method: 'POST' | 'PUT', url: string, payload: unknown): Promise<Json> {
  const r = await admin(method, url, payload);
  expect(r.statusCode, r.body).toBeLessThan(300);
  return r.json();
}

const cents = (value: string) => Math.round(Number(value) * 100);

// A French shopper's checkout: a 20 % VAT that also taxes shipping, a flat rate under the free-shipping minimum.
async function placeOrder(quantity: number, methodId?: string): Promise<Json> {
  const token = await guestToken(t);
  const added = await storePost(t, 'cart/add-item', token, { id: lamp, quantity });
  expect(added.statusCode).toBe(201);
  if (methodId) {
    const customer = await storePost(t, 'cart/update-customer', token, {
      shipping_address: { country: 'FR', postcode: '75001', city: 'Paris' },
    });
    expect(customer.statusCode, customer.body).toBe(200);
    const rates: Json[] = customer.json().shipping_rates[0].shipping_rates;
    const rate = rates.find((r) => r.method_id === methodId);
    expect(rate, JSON.stringify(rates)).toBeDefined();
    const chosen = await storePost(t, 'cart/select-shipping-rate', token, {
      package_id: 0,
      rate_id: rate!.rate_id,
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
  }
  const placed = await storePost(t, 'checkout', token, {
    billing_address: {
      email: 'marie@example.com',
      first_name: 'Marie',
      address_1: '1 rue de Rivoli',
      city: 'Paris',
      postcode: '75001',
      country: 'FR',
    },
    payment_method: 'cod',
  });
  expect(placed.statusCode, placed.body).toBe(200);
  return (await admin('GET', `orders/${placed.json().order_id}`)).json();
}

beforeAll(async () => {
  t = await createTestApp({ options: { extensions: [] } });
  manager = await t.appPasswordHeader(await t.createUser({ role: 'shop_manager', username: 'manager' }));
  lamp = await seedProduct(t, { name: 'Lamp', price: 2999 });
  const eu = await created('POST', 'shipping/zones', { name: 'Europe', order: 1 });
  await created('PUT', `shipping/zones/${eu.id}/locations`, [{ code: 'EU', type: 'continent' }]);
  await created('POST', `shipping/zones/${eu.id}/methods`, {
    method_id: 'flat_rate',
    settings: { title: 'Courier', cost: '7.45' },
  });
  await created('POST', `shipping/zones/${eu.id}/methods`, {
    method_id: 'free_shipping',
    settings: { requires: 'min_amount', min_amount: '100.00' },
  });
  await created('POST', 'taxes', { country: 'FR', rate: '20', name: 'TVA', shipping: true });
  await created('PUT', 'settings/general/woocommerce_calc_taxes', { value: 'yes' });
});

afterAll(async () => {
  await t?.close();
});

describe('checkout with shipping and tax together', () => {
  it('should tax the items and the flat rate at 20 % and add lines, shipping and tax up to the total', async () => {
    const order = await placeOrder(2);
    expect(order.shipping_lines).toEqual([
      expect.objectContaining({ method_id: 'flat_rate', total: '7.45', total_tax: '1.49' }),
    ]);
    expect(order).toMatchObject({ shipping_total: '7.45', shipping_tax: '1.49', cart_tax: '12.00' });
    expect(order.line_items[0]).toMatchObject({ total: '59.98', total_tax: '12.00' });
    // 59.98 + 12.00 + 7.45 + 1.49
    expect(order.total).toBe('80.92');
    const parts =
      order.line_items.reduce((s: number, l: Json) => s + cents(l.total) + cents(l.total_tax), 0) +
      cents(order.shipping_total) +
      cents(order.shipping_tax);
    expect(parts).toBe(cents(order.total));
    expect(order.tax_lines).toEqual([
      expect.objectContaining({ label: 'TVA', tax_total: '12.00', shipping_tax_total: '1.49' }),
    ]);
  });

  it('should ship free over the minimum and tax only the items', async () => {
    const order = await placeOrder(4, 'free_shipping');
    expect(order.shipping_lines).toEqual([
      expect.objectContaining({ method_id: 'free_shipping', total: '0.00', total_tax: '0.00' }),
    ]);
    // 119.96 + 23.99 (20 % of 119.96, rounded half up)
    expect(order).toMatchObject({ total: '143.95', total_tax: '23.99', shipping_tax: '0.00' });
  });
});
