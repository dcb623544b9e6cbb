import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { adminHeaders } from './catalog-helpers.js';
import { guestToken, seedProduct, storePost } from './cart-helpers.js';

let t: TestApp;
let admin: Record<string, string>;
let shirt: number;

beforeAll(async () => {
  t = await createTestApp({ options: { extensions: [] } });
  admin = await adminHeaders(t);
  shirt = await seedProduct(t, { name: 'Shirt', price: 2000, stock: 100 });
});
afterAll(async () => t.close());

const wc = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url: `/wp-json/wc/v3/${url}`, headers: admin, ...(payload ? { payload } : {}) });
const setting = (id: string, value: unknown) =>
  wc('PUT', `settings/${id.includes('tax_based') ? 'tax' : 'general'}/${id}`, { value });

const billing = {
  email: 'ann@example.com',
  first_name: 'Ann',
  last_name: 'Lee',
  address_1: '1 Main St',
  city: 'Springfield',
};

async function checkout(payload: object) {
  const token = await guestToken(t);
  expect((await storePost(t, 'cart/add-item', token, { id: shirt, quantity: 1 })).statusCode).toBe(201);
  return storePost(t, 'checkout', token, { payment_method: 'cod', ...payload });
}

describe('POST /wc/store/v1/checkout addresses', () => {
  it('should store ISO codes: a country and state given by name become their codes, the postcode formatted', async () => {
    const r = await checkout({
      billing_address: {
        ...billing,
        country: 'United States',
        state: 'illinois',
        postcode: '627011234',
        phone: '+1 (555) 010-0100',
      },
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().billing_address).toMatchObject({ country: 'US', state: 'IL', postcode: '62701-1234' });
    // Not shipping elsewhere: the order ships to the billing address.
    expect(r.json().shipping_address).toMatchObject({
      country: 'US',
      state: 'IL',
      city: 'Springfield',
      phone: '+1 (555) 010-0100',
    });
    const order = (await wc('GET', `orders/${r.json().order_id}`)).json();
    expect(order.billing).toMatchObject({ country: 'US', state: 'IL' });
    expect(order.shipping).toMatchObject({ country: 'US', first_name: 'Ann' });
  });

  it('should keep a different shipping address', async () => {
    const r = await checkout({
      billing_address: { ...billing, country: 'US', state: 'CA', postcode: '94016' },
      shipping_address: {
        first_name: 'Bo',
        last_name: 'Lee',
        address_1: '9 Rue',
        city: 'Paris',
        country: 'FR',
        postcode: '75001',
      },
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().shipping_address).toMatchObject({
      first_name: 'Bo',
      country: 'FR',
      postcode: '75001',
      state: '',
    });
  });

  it('should refuse an unknown country, a wrong state, postcode and phone, naming each field', async () => {
    const unknown = await checkout({ billing_address: { ...billing, country: 'Atlantis' } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'rest_invalid_param', data: { status: 400 } });
    expect(Object.keys(unknown.json().data.params)).toEqual(['billing_address.country']);
    const wrong = await checkout({
      billing_address: { ...billing, country: 'CA', state: 'XX', postcode: '12345', phone: 'call me' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().data.errors).toMatchObject({
      'billing_address.state': { in: expect.stringContaining('Canada') },
      'billing_address.postcode': { postcode: expect.any(String) },
      'billing_address.phone': { phone: expect.any(String) },
    });
    const noState = await checkout({ billing_address: { ...billing, country: 'US', postcode: '94016' } });
    expect(noState.json().data.errors['billing_address.state']).toHaveProperty('required');
    const gb = await checkout({ billing_address: { ...billing, country: 'GB', postcode: 'sw1a1aa' } });
    expect(gb.statusCode, gb.body).toBe(200);
    expect(gb.json().billing_address.postcode).toBe('SW1A 1AA');
    const badShip = await checkout({
      billing_address: { ...billing, country: 'GB', postcode: 'SW1A 1AA' },
      shipping_address: { city: 'Nowhere', country: 'ZZ' },
    });
    expect(Object.keys(badShip.json().data.params)).toEqual(['shipping_address.country']);
  });

  it('should refuse a country the store does not sell to or ship to, naming the field', async () => {
    expect((await setting('woocommerce_allowed_countries', 'specific')).statusCode).toBe(200);
    await setting('woocommerce_specific_allowed_countries', ['US', 'CA', 'DE']);
    await setting('woocommerce_ship_to_countries', 'specific');
    await setting('woocommerce_specific_ship_to_countries', ['US', 'CA']);
    try {
      const sell = await checkout({ billing_address: { ...billing, country: 'FR', postcode: '75001' } });
      expect(sell.statusCode).toBe(400);
      expect(sell.json().data.params['billing_address.country']).toContain(
        'do not allow orders from the provided country (France)',
      );
      const ship = await checkout({
        billing_address: { ...billing, country: 'US', state: 'NY', postcode: '10001' },
        shipping_address: { ...billing, country: 'DE', postcode: '10115' },
      });
      expect(ship.json().data.params['shipping_address.country']).toContain(
        'do not ship orders to the provided country (Germany)',
      );
      // Billing in Germany with no other shipping address: it would ship to Germany.
      const same = await checkout({ billing_address: { ...billing, country: 'DE', postcode: '10115' } });
      expect(same.json().data.params['billing_address.country']).toContain('do not ship');
    } finally {
      await setting('woocommerce_allowed_countries', 'all');
      await setting('woocommerce_ship_to_countries', '');
    }
  });

  it('should still accept an address without a country, as before', async () => {
    const r = await checkout({ billing_address: { email: 'plain@example.com' } });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().shipping_address.country).toBe('');
  });
});

describe('wc/v3 orders and customers addresses', () => {
  it('should normalise country and state names to codes without validating, as WooCommerce does not', async () => {
    const order = await wc('POST', 'orders', {
      billing: { first_name: 'A', country: 'germany', state: 'Bavaria', postcode: 'anything' },
      shipping: { country: 'Canada', state: 'Ontario' },
    });
    expect(order.statusCode, order.body).toBe(201);
    expect(order.json().billing).toMatchObject({ country: 'DE', state: 'Bavaria', postcode: 'anything' });
    expect(order.json().shipping).toMatchObject({ country: 'CA', state: 'ON' });
    const changed = await wc('PUT', `orders/${order.json().id}`, { billing: { country: 'Narnia' } });
    expect(changed.json().billing.country).toBe('Narnia');
    const customer = await wc('POST', 'customers', {
      email: 'norm@example.com',
      billing: { country: 'United Kingdom' },
      shipping: { country: 'us', state: 'new york' },
    });
    expect(customer.statusCode, customer.body).toBe(201);
    expect(customer.json().billing.country).toBe('GB');
    expect(customer.json().shipping).toMatchObject({ country: 'US', state: 'NY' });
  });
});
