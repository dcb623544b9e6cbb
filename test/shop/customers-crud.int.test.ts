import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { adminHeaders, makeProduct } from './catalog-helpers.js';

let t: TestApp;
let admin: Record<string, string>;
let customer: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminHeaders(t);
  customer = await t.appPasswordHeader(await t.createUser({ role: 'customer' }));
});
afterAll(async () => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers = admin) =>
  t.app.inject({ method, url: `/wp-json/wc/v3/${url}`, headers, ...(payload ? { payload } : {}) });

const BILLING = {
  first_name: 'Ann',
  last_name: 'Lee',
  company: '',
  address_1: '1 Main St',
  address_2: '',
  city: 'Springfield',
  state: 'IL',
  postcode: '62701',
  country: 'US',
  email: 'ann.billing@example.com',
  phone: '555-0100',
};

describe('POST /wc/v3/customers', () => {
  it('should create a customer with role customer, its addresses, and a username from the e-mail', async () => {
    const r = await call('POST', 'customers', {
      email: 'ann@example.com',
      first_name: 'Ann',
      last_name: 'Lee',
      billing: BILLING,
      shipping: { city: 'Shelbyville', country: 'US' },
    });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.headers.location).toBe(`http://shop.test/wp-json/wc/v3/customers/${r.json().id}`);
    expect(r.json()).toMatchObject({
      email: 'ann@example.com',
      username: 'ann',
      role: 'customer',
      first_name: 'Ann',
      billing: BILLING,
      shipping: { city: 'Shelbyville', country: 'US', address_1: '', phone: '' },
    });
    expect((await call('GET', `customers/${r.json().id}`)).json()).toEqual(r.json());
  });

  it('should let the new customer log in with the given password', async () => {
    const r = await call('POST', 'customers', {
      email: 'bo@example.com',
      username: 'bo',
      password: 'bo-password-1',
    });
    expect(r.statusCode, r.body).toBe(201);
    await expect(t.login({ username: 'bo', password: 'bo-password-1' })).resolves.toBeDefined();
  });

  it('should refuse a missing or bad e-mail and a bad billing e-mail with 400 naming the field, creating nothing', async () => {
    const missing = await call('POST', 'customers', { first_name: 'X' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().data.errors.email).toHaveProperty('required');
    const bad = await call('POST', 'customers', { email: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.errors.email).toHaveProperty('email');
    const billing = await call('POST', 'customers', { email: 'ok@example.com', billing: { email: 'x' } });
    expect(billing.statusCode).toBe(400);
    expect(billing.json().data.errors['billing.email']).toHaveProperty('email');
    expect((await call('GET', 'customers?email=ok@example.com')).json()).toEqual([]);
    const taken = await call('POST', 'customers', { email: 'ann@example.com' });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().code).toBe('registration-error-email-exists');
    const takenName = await call('POST', 'customers', { email: 'other@example.com', username: 'ann' });
    expect(takenName.json().code).toBe('registration-error-username-exists');
  });

  it('should answer 401 without credentials and 403 to a customer', async () => {
    expect((await call('POST', 'customers', { email: 'anon@example.com' }, {})).statusCode).toBe(401);
    expect((await call('POST', 'customers', { email: 'anon@example.com' }, customer)).statusCode).toBe(403);
    expect((await call('GET', 'customers?email=anon@example.com')).json()).toEqual([]);
  });
});

describe('PUT /wc/v3/customers/{id}', () => {
  it('should change names, e-mail and the given address fields only', async () => {
    const created = (await call('POST', 'customers', { email: 'cy@example.com', billing: BILLING })).json();
    const r = await call('PUT', `customers/${created.id}`, {
      first_name: 'Cy',
      email: 'cy2@example.com',
      billing: { city: 'Ogdenville' },
      shipping: { address_1: '2 Side St' },
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({
      first_name: 'Cy',
      email: 'cy2@example.com',
      billing: { ...BILLING, city: 'Ogdenville' },
      shipping: { address_1: '2 Side St', city: '' },
    });
  });

  it('should refuse a new username (not editable) and a bad e-mail with 400, changing nothing', async () => {
    const created = (await call('POST', 'customers', { email: 'di@example.com' })).json();
    const r = await call('PUT', `customers/${created.id}`, { username: 'other', first_name: 'Di' });
    expect(r.statusCode).toBe(400);
    expect(r.json().code).toBe('woocommerce_rest_customer_invalid_argument');
    const bad = await call('PUT', `customers/${created.id}`, { email: 'no', first_name: 'Di' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.errors.email).toBeDefined();
    expect((await call('GET', `customers/${created.id}`)).json().first_name).toBe('');
  });

  it('should answer 404 for an unknown customer, 401 without credentials, 403 to a customer', async () => {
    expect((await call('PUT', 'customers/999999', { first_name: 'X' })).statusCode).toBe(404);
    const created = (await call('POST', 'customers', { email: 'ed@example.com' })).json();
    expect((await call('PUT', `customers/${created.id}`, { first_name: 'X' }, {})).statusCode).toBe(401);
    expect((await call('PUT', `customers/${created.id}`, { first_name: 'X' }, customer)).statusCode).toBe(
      403,
    );
    expect((await call('GET', `customers/${created.id}`)).json().first_name).toBe('');
  });

  it('should not let a shop manager change an administrator', async () => {
    const manager = await t.appPasswordHeader(await t.createUser({ role: 'shop_manager' }));
    const other = await t.createUser({ role: 'administrator' });
    const r = await call('PUT', `customers/${other.id}`, { first_name: 'X' }, manager);
    expect(r.statusCode).toBe(403);
  });
});

describe('GET and DELETE /wc/v3/customers/{id}', () => {
  it('should answer 404 woocommerce_rest_invalid_id for customer 0', async () => {
    const r = await call('GET', 'customers/0');
    expect(r.statusCode).toBe(404);
    expect(r.json().code).toBe('woocommerce_rest_invalid_id');
  });

  it('should refuse to delete without force (501), then delete and give the orders to reassign', async () => {
    const gone = (
      await call('POST', 'customers', { email: 'fay@example.com', password: 'fay-password-1' })
    ).json();
    const heir = (await call('POST', 'customers', { email: 'gus@example.com' })).json();
    const product = await makeProduct(t, admin, { name: 'Thing', regular_price: '2' });
    const order = (
      await call('POST', 'orders', {
        customer_id: gone.id,
        line_items: [{ product_id: product.id, quantity: 1 }],
      })
    ).json();
    const soft = await call('DELETE', `customers/${gone.id}`);
    expect(soft.statusCode).toBe(501);
    expect(soft.json().code).toBe('woocommerce_rest_trash_not_supported');
    expect((await call('DELETE', `customers/${gone.id}?force=true&reassign=${gone.id}`)).statusCode).toBe(
      400,
    );
    const r = await call('DELETE', `customers/${gone.id}?force=true&reassign=${heir.id}`);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ id: gone.id, email: 'fay@example.com' });
    expect((await call('GET', `customers/${gone.id}`)).statusCode).toBe(404);
    expect((await call('GET', `orders/${order.id}`)).json().customer_id).toBe(heir.id);
    await expect(t.login({ username: gone.username, password: 'fay-password-1' })).rejects.toThrow();
  });

  it('should answer 401 without credentials and 403 to a customer, deleting nothing', async () => {
    const kept = (await call('POST', 'customers', { email: 'hal@example.com' })).json();
    expect((await call('DELETE', `customers/${kept.id}?force=true`, undefined, {})).statusCode).toBe(401);
    expect((await call('DELETE', `customers/${kept.id}?force=true`, undefined, customer)).statusCode).toBe(
      403,
    );
    expect((await call('GET', `customers/${kept.id}`)).statusCode).toBe(200);
  });
});

describe('POST /wc/v3/customers/batch', () => {
  it('should create, update and delete customers in one request', async () => {
    const old = (await call('POST', 'customers', { email: 'ivy@example.com' })).json();
    const r = await call('POST', 'customers/batch', {
      create: [{ email: 'jo@example.com' }, { email: 'bad' }],
      update: [{ id: old.id, first_name: 'Ivy' }],
      delete: [old.id],
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().create[0]).toMatchObject({ email: 'jo@example.com', role: 'customer' });
    expect(r.json().create[1]).toMatchObject({ id: 0, error: { code: 'rest_invalid_param' } });
    expect(r.json().update[0]).toMatchObject({ id: old.id, first_name: 'Ivy' });
    expect(r.json().delete[0]).toMatchObject({ id: old.id });
  });
});
