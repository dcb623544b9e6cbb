import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formBrowser } from '../helpers/form-browser.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { seedProduct } from './cart-helpers.js';

// My account → Addresses as a browser without JavaScript uses it: GET the forms, POST them, follow the 303; what is
// saved checked through `wc/v3/customers`, and the checkout starting with it.
type Json = Record<string, any>;
let t: TestApp;
let pen: number;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  pen = await seedProduct(t, { name: 'Pen', price: 300 });
  admin = await t.appPasswordHeader(await t.createUser({ role: 'administrator' }));
});
afterAll(async () => t.close());

const NONCE = 'woocommerce-edit-address-nonce';
const nonceOf = (body: string) => body.match(new RegExp(`name="${NONCE}" value="([0-9a-f]{10})"`))?.[1] ?? '';

async function customer(): Promise<{ id: number; browser: ReturnType<typeof formBrowser> }> {
  const user = await t.createUser();
  const { cookie } = await t.login(user);
  return { id: user.id, browser: formBrowser(t, { cookies: cookie }) };
}

async function customerRecord(id: number): Promise<Json> {
  const r = await t.app.inject({ method: 'GET', url: `/wp-json/wc/v3/customers/${id}`, headers: admin });
  expect(r.statusCode, r.body).toBe(200);
  return r.json();
}

const BILLING = {
  billing_first_name: 'Ada',
  billing_last_name: 'Lovelace',
  billing_country: 'US',
  billing_address_1: '1 Market St',
  billing_city: 'San Francisco',
  billing_state: 'CA',
  billing_postcode: '94105',
  billing_phone: '555 0100',
  billing_email: 'ada@example.com',
};
const SHIPPING = {
  shipping_first_name: 'Sam',
  shipping_last_name: 'Shipper',
  shipping_country: 'US',
  shipping_address_1: '2 Broadway',
  shipping_city: 'New York',
  shipping_state: 'NY',
  shipping_postcode: '10004',
};

async function save(v: ReturnType<typeof formBrowser>, kind: 'billing' | 'shipping', fields: object) {
  const page = await v.get(`/my-account/edit-address/${kind}/`);
  expect(page.statusCode).toBe(200);
  return v.post(`/my-account/edit-address/${kind}/`, {
    [NONCE]: nonceOf(page.body),
    save_address: 'Save address',
    ...(fields as Record<string, string>),
  });
}

describe('My account → Addresses', () => {
  it('should show a guest the login form on every address page', async () => {
    for (const path of ['/my-account/edit-address/', '/my-account/edit-address/billing/']) {
      const r = await formBrowser(t).get(path);
      expect(r.statusCode).toBe(200);
      expect(r.body).toContain('<label for="username">Username or email address');
      expect(r.body).not.toContain('billing_first_name');
    }
    const post = await formBrowser(t).post('/my-account/edit-address/billing/', BILLING);
    expect(post.statusCode).toBe(401);
  });

  it('should list both addresses as not set up, then save billing and shipping where wc/v3 shows them', async () => {
    const { id, browser: v } = await customer();
    const list = await v.get('/my-account/edit-address/');
    expect(list.body).toContain('The following addresses will be used on the checkout page by default.');
    expect(list.body.match(/You have not set up this type of address yet\./g)).toHaveLength(2);
    expect(list.body).toContain('<a href="/my-account/edit-address/billing/">Edit');
    expect(list.body).toContain('<a href="/my-account/edit-address/" aria-current="page">Addresses</a>');

    const form = await v.get('/my-account/edit-address/billing/');
    expect(form.body).toContain('<label for="billing_first_name">First name');
    expect(form.body).toContain('<select id="billing_state" name="billing_state"');
    const billing = await save(v, 'billing', BILLING);
    expect(billing.statusCode, billing.body).toBe(303);
    expect(billing.headers.location).toBe('/my-account/edit-address/?updated=1');
    const after = await v.get('/my-account/edit-address/?updated=1');
    expect(after.body).toContain('Address changed successfully.');
    expect(after.body).toContain('1 Market St');
    expect(after.body.match(/You have not set up this type of address yet\./g)).toHaveLength(1);

    expect((await save(v, 'shipping', SHIPPING)).statusCode).toBe(303);
    const record = await customerRecord(id);
    expect(record.billing).toMatchObject({
      first_name: 'Ada',
      address_1: '1 Market St',
      state: 'CA',
      postcode: '94105',
      email: 'ada@example.com',
      phone: '555 0100',
    });
    expect(record.shipping).toMatchObject({
      first_name: 'Sam',
      city: 'New York',
      state: 'NY',
      country: 'US',
    });
    expect((await v.get('/my-account/edit-address/shipping/')).body).toContain('value="2 Broadway"');
  });

  it('should refuse a bad postcode and a missing state at their fields, saving nothing', async () => {
    const { id, browser: v } = await customer();
    const before = await customerRecord(id);
    const bad = await save(v, 'billing', { ...BILLING, billing_postcode: 'ABC', billing_state: '' });
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain(
      '<span class="field-error" id="billing_postcode-error">Please enter a valid postcode / ZIP for United States (US).</span>',
    );
    expect(bad.body).toContain('id="billing_state-error"');
    expect(bad.body).toContain('value="ABC"');
    const missing = await save(v, 'shipping', { ...SHIPPING, shipping_city: '' });
    expect(missing.statusCode).toBe(422);
    expect(missing.body).toContain('Town / City is required.');
    expect(await customerRecord(id)).toEqual(before);
  });

  it('should refuse a forged nonce, saving nothing', async () => {
    const { id, browser: v } = await customer();
    const before = await customerRecord(id);
    const forged = await v.post('/my-account/edit-address/billing/', { ...BILLING, [NONCE]: '0123456789' });
    expect(forged.statusCode).toBe(403);
    expect(forged.body).toContain('The page has expired.');
    const none = await v.post('/my-account/edit-address/shipping/', SHIPPING);
    expect(none.statusCode).toBe(403);
    expect(await customerRecord(id)).toEqual(before);
  });

  it('should mention the addresses on the dashboard and start the checkout with them', async () => {
    const { browser: v } = await customer();
    expect((await v.get('/my-account/')).body).toContain(
      'manage your <a href="/my-account/edit-address/">shipping and billing addresses</a>',
    );
    await v.post('/cart/', { 'add-to-cart': String(pen), quantity: '1' });
    expect((await v.get('/checkout/')).body).not.toContain('value="1" checked aria-controls');
    await save(v, 'billing', BILLING);
    const same = await v.get('/checkout/');
    expect(same.body).toContain('id="billing_address_1" name="billing_address_1" value="1 Market St"');
    expect(same.body).toContain('<option value="CA" selected>California</option>');
    expect(same.body).toContain('id="billing_email" name="billing_email" value="ada@example.com"');
    expect(same.body).not.toContain('value="1" checked aria-controls');
    await save(v, 'shipping', SHIPPING);
    const different = await v.get('/checkout/');
    expect(different.body).toContain('id="shipping_address_1" name="shipping_address_1" value="2 Broadway"');
    expect(different.body).toContain('value="1" checked aria-controls="shipping-fields"');
  });
});
