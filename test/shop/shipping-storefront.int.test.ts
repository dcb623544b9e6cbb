import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formBrowser } from '../helpers/form-browser.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { seedProduct } from './cart-helpers.js';

// The cart page's shipping calculator and rates, and the checkout's rate choice, as a browser without JavaScript.
let t: TestApp;
let admin: Record<string, string>;
let mug: number;
let flat: number;
let pickup: number;

const nonceOf = (body: string) => body.match(/name="_wpnonce" value="([0-9a-f]{10})"/)![1]!;

async function wc(method: 'GET' | 'POST' | 'PUT', path: string, payload?: unknown) {
  const r = await t.app.inject({
    method,
    url: `/wp-json/wc/v3/${path}`,
    headers: admin,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  expect(r.statusCode, r.body).toBeLessThan(300);
  return r.json();
}

beforeAll(async () => {
  t = await createTestApp({ options: { extensions: [] } });
  admin = await t.appPasswordHeader(await t.createUser({ role: 'administrator' }));
  mug = await seedProduct(t, { name: 'Mug', price: 1200 });
  const zone = await wc('POST', 'shipping/zones', { name: 'US' });
  await wc('PUT', `shipping/zones/${zone.id}/locations`, [{ code: 'US' }]);
  flat = (
    await wc('POST', `shipping/zones/${zone.id}/methods`, { method_id: 'flat_rate', settings: { cost: '4' } })
  ).id;
  pickup = (await wc('POST', `shipping/zones/${zone.id}/methods`, { method_id: 'local_pickup' })).id;
});
afterAll(async () => t.close());

describe('shipping on the cart and checkout pages', () => {
  it('should calculate rates for an address, switch the rate and place the order with it, without JavaScript', async () => {
    const v = formBrowser(t);
    expect((await v.post('/cart/', { 'add-to-cart': String(mug), quantity: '2' })).statusCode).toBe(303);
    let cart = await v.get('/cart/');
    expect(cart.body).toContain('Enter your address to view shipping options.');
    expect(cart.body).toContain('<label for="calc_shipping_country">');
    const wrong = await v.post('/cart/', {
      _wpnonce: nonceOf(cart.body),
      calc_shipping: '1',
      calc_shipping_country: 'USA',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('Choose a country / region we ship to.');
    // The country is a list of where the store ships (the store's own chosen), the state a list of its states.
    expect(cart.body).toMatch(/<option value="US" selected>United States \(US\)<\/option>/);
    expect(cart.body).toContain('<option value="NY">New York</option>');
    const badState = await v.post('/cart/', {
      _wpnonce: nonceOf(cart.body),
      calc_shipping: '1',
      calc_shipping_country: 'US',
      calc_shipping_state: 'Atlantis',
    });
    expect(badState.statusCode).toBe(400);
    expect(badState.body).toContain('Choose a state of United States (US) from the list.');
    const calc = await v.post('/cart/', {
      _wpnonce: nonceOf(cart.body),
      calc_shipping: '1',
      calc_shipping_country: 'us',
      calc_shipping_state: 'New York',
      calc_shipping_postcode: '10001',
    });
    expect(calc.statusCode).toBe(303);
    cart = await v.get('/cart/');
    expect(cart.body).toContain('<legend>Shipping to 10001, NY, US</legend>');
    expect(cart.body).toMatch(
      new RegExp(
        `value="flat_rate:${flat}" checked> <label for="cart-shipping-method-0">Flat rate: \\$4.00</label>`,
      ),
    );
    expect(cart.body).toContain('<tr><th scope="row">Shipping</th><td class="num">$4.00</td></tr>');
    expect(cart.body).toContain('<strong data-cart-total>$28.00</strong>');
    const chosen = await v.post('/cart/', {
      _wpnonce: nonceOf(cart.body),
      shipping_method: `local_pickup:${pickup}`,
      update_shipping: '1',
    });
    expect(chosen.statusCode).toBe(303);
    const checkout = await v.get('/checkout/');
    expect(checkout.body).toMatch(
      new RegExp(
        `value="local_pickup:${pickup}" checked> <label for="checkout-shipping-method-1">Local pickup</label>`,
      ),
    );
    const fields = {
      _wpnonce: nonceOf(checkout.body),
      billing_email: 'ship@example.com',
      billing_first_name: 'Sam',
      billing_last_name: 'Shopper',
      billing_address_1: '1 Main St',
      billing_city: 'New York',
      billing_postcode: '10001',
      billing_country: 'US',
      billing_state: 'NY',
      payment_method: 'cod',
    };
    const placed = await v.post('/checkout/', { ...fields, shipping_method: `flat_rate:${flat}` });
    expect(placed.statusCode, placed.body).toBe(303);
    const received = await v.get(placed.headers.location!.toString());
    expect(received.body).toContain(
      '<tr><th scope="row">Shipping: Flat rate</th><td class="num">$4.00</td></tr>',
    );
    const id = placed.headers.location!.toString().match(/order-received\/(\d+)/)![1];
    const order = await wc('GET', `orders/${id}`);
    expect(order).toMatchObject({ total: '28.00', shipping_total: '4.00' });
    expect(order.shipping_lines[0]).toMatchObject({ method_id: 'flat_rate', instance_id: String(flat) });
  });

  it('should ask again when the address entered at checkout does not offer the chosen rate', async () => {
    const v = formBrowser(t);
    await v.post('/cart/', { 'add-to-cart': String(mug), quantity: '1' });
    const cart = await v.get('/cart/');
    await v.post('/cart/', { _wpnonce: nonceOf(cart.body), calc_shipping: '1', calc_shipping_country: 'US' });
    const checkout = await v.get('/checkout/');
    const r = await v.post('/checkout/', {
      _wpnonce: nonceOf(checkout.body),
      billing_email: 'far@example.com',
      billing_first_name: 'Kei',
      billing_last_name: 'Far',
      billing_address_1: '1-1 Chiyoda',
      billing_city: 'Tokyo',
      billing_postcode: '100-0001',
      billing_country: 'JP',
      billing_state: 'JP13',
      payment_method: 'cod',
      shipping_method: `flat_rate:${flat}`,
    });
    expect(r.statusCode).toBe(409);
    expect(r.body).toContain('The shipping options changed for your address. Please choose one.');
    expect(r.body).toContain('No shipping options were found for 100-0001, JP13, JP.');
  });

  it("should show the rates of the address entered when the country's Update button is pressed, without JavaScript", async () => {
    const v = formBrowser(t);
    await v.post('/cart/', { 'add-to-cart': String(mug), quantity: '1' });
    const checkout = await v.get('/checkout/');
    const updated = await v.post('/checkout/', {
      _wpnonce: nonceOf(checkout.body),
      billing_country: 'US',
      billing_state: 'NY',
      billing_postcode: '10001',
      update_address: 'billing',
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.body).toContain('<legend>Shipping to 10001, NY, US</legend>');
    expect(updated.body).toContain('Flat rate: $4.00');
    // The form keeps what was entered.
    expect(updated.body).toContain('id="billing_postcode" name="billing_postcode" value="10001"');
  });
});
