import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartRecoveryExtension } from '../../src/extensions/cart-recovery/cart-recovery.extension.js';
import { loyaltyExtension } from '../../src/extensions/loyalty/loyalty.extension.js';
import { capture } from '../cart-recovery/cr-helpers.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { adjust } from '../loyalty/helpers.js';
import { seedProduct } from '../shop/cart-helpers.js';

// Tools → Erase Personal Data: requests (pending → confirmed → completed), the e-mailed single-use confirmation
// link, and every module's eraser (shop customer data and orders, cart recovery, loyalty).
type Json = Record<string, any>;
let t: TestApp;
let admin: Record<string, string>;
let book: number;

const requests = (method: 'GET' | 'POST' | 'DELETE', path = '', payload?: Json, headers = admin) =>
  t.app.inject({
    method,
    url: `/wp-json/platform/v1/privacy/erasure-requests${path}`,
    headers,
    ...(payload ? { payload } : {}),
  });
const wc = (method: 'GET' | 'POST' | 'PUT', path: string, payload?: Json) =>
  t.app.inject({ method, url: `/wp-json/wc/v3/${path}`, headers: admin, ...(payload ? { payload } : {}) });

const address = (first: string) => ({
  first_name: first,
  last_name: 'Lind',
  address_1: '1 High Street',
  city: 'York',
  postcode: 'YO1 7HH',
  country: 'GB',
  phone: '01234 567890',
});

/** A customer with saved addresses, an order, loyalty points and a captured cart. */
async function customerWithData(name: string, ip: string) {
  const email = `${name}@example.com`;
  const created = await wc('POST', 'customers', {
    email,
    username: name,
    password: 'secret-password-1',
    billing: { ...address(name), email },
    shipping: address(name),
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().id as number;
  const order = await wc('POST', 'orders', {
    customer_id: id,
    billing: { ...address(name), email },
    shipping: address(name),
    customer_note: `Leave it with ${name}'s neighbour`,
    line_items: [{ product_id: book, quantity: 1 }],
  });
  expect(order.statusCode, order.body).toBe(201);
  await wc('POST', `orders/${order.json().id}/notes`, { note: `Called ${name} on 01234 567890.` });
  await adjust(t, admin, { user_id: id, amount: 50 });
  const captured = await capture(
    t,
    { email, consent: true, cart: [{ product_id: book, quantity: 1 }], source: 'block' },
    { ip },
  );
  expect(captured.statusCode, captured.body).toBe(201);
  return { id, email, orderId: order.json().id as number };
}

async function ledgerTotal(userId?: number): Promise<number> {
  const r = await t.app.inject({
    method: 'GET',
    url: `/wp-json/loyalty/v1/ledger${userId ? `?user_id=${userId}` : ''}`,
    headers: admin,
  });
  expect(r.statusCode, r.body).toBe(200);
  expect(Number(r.headers['x-wp-total'])).toBe(r.json().length);
  return r.json().length;
}

async function sessionsOf(email: string): Promise<number> {
  const r = await t.app.inject({
    method: 'GET',
    url: `/wp-json/cartrecovery/v1/privacy/export?email=${email}`,
    headers: admin,
  });
  expect(r.statusCode, r.body).toBe(200);
  return r.json().sessions.length;
}

async function eraseNow(login: string): Promise<Json> {
  const added = await requests('POST', '', { username_or_email: login, send_confirmation_email: false });
  expect(added.statusCode, added.body).toBe(201);
  expect(added.json().status).toBe('confirmed');
  const erased = await requests('POST', `/${added.json().id}/erase`);
  expect(erased.statusCode, erased.body).toBe(200);
  return erased.json();
}

const messagesOf = (request: Json, eraser: string): string[] =>
  request.result.find((r: Json) => r.id === eraser)?.messages ?? [];

beforeAll(async () => {
  t = await createTestApp({ options: { extensions: [cartRecoveryExtension, loyaltyExtension] } });
  admin = (await t.login(await t.createUser({ role: 'administrator', username: 'boss' }))).headers;
  book = await seedProduct(t, { name: 'Book', price: 1250, stock: 50 });
});
afterAll(async () => t?.close());

describe('platform/v1/privacy/erasure-requests access and input', () => {
  it('should answer 401 without credentials and 403 to a shop manager, changing nothing', async () => {
    const manager = await t.login(await t.createUser({ role: 'shop_manager', username: 'manny' }));
    const calls: Array<['GET' | 'POST' | 'DELETE', string, Json?]> = [
      ['GET', ''],
      ['POST', '', { username_or_email: 'x@example.com' }],
      ['POST', '/1/erase'],
      ['DELETE', '/1'],
    ];
    for (const [method, path, body] of calls) {
      expect((await requests(method, path, body, {})).statusCode).toBe(401);
      const forbidden = await requests(method, path, body, manager.headers);
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json().code).toBe('rest_forbidden');
    }
    expect((await requests('GET')).json()).toEqual([]);
  });

  it('should refuse a missing or unknown username / bad e-mail with 400 naming the field, adding nothing', async () => {
    for (const body of [{}, { username_or_email: 'nobody-by-that-name' }, { username_or_email: 'a@b' }]) {
      const r = await requests('POST', '', body);
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json().code).toBe('rest_invalid_param');
      expect(Object.keys(r.json().data.params)).toEqual(['username_or_email']);
    }
    const wrongType = await requests('POST', '', {
      username_or_email: 'a@example.com',
      send_confirmation_email: 'maybe',
    });
    expect(wrongType.statusCode).toBe(400);
    expect(Object.keys(wrongType.json().data.params)).toEqual(['send_confirmation_email']);
    expect((await requests('GET')).json()).toEqual([]);
    expect((await requests('POST', '/999/erase')).statusCode).toBe(404);
    expect((await requests('DELETE', '/999')).statusCode).toBe(404);
  });
});

describe('confirmation by e-mail', () => {
  it('should e-mail a single-use link (kept hashed) that confirms the pending request once', async () => {
    const added = await requests('POST', '', { username_or_email: 'Guest@Example.com' });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ email: 'guest@example.com', status: 'pending', user_id: null });
    const id = added.json().id as number;
    const mail = await t.ctx.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', 'guest@example.com')
      .executeTakeFirstOrThrow();
    expect(mail.subject).toBe('[Storeside] Confirm Action: Erase Personal Data');
    const link = mail.text_body.match(/http:\/\/shop\.test(\S+)/)![1]!;
    const key = new URL(link, 'http://x').searchParams.get('confirm_key')!;
    const row = await t.ctx.db
      .selectFrom('privacy_erasure_requests')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.confirm_key_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.confirm_key_hash).not.toContain(key);

    const early = await requests('POST', `/${id}/erase`);
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('request_not_confirmed');
    const duplicate = await requests('POST', '', { username_or_email: 'guest@example.com' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().code).toBe('duplicate_request');

    const wrong = await t.app.inject({ method: 'GET', url: link.replace(key, `${key.slice(0, -2)}xx`) });
    expect(wrong.statusCode).toBe(400);
    const confirmed = await t.app.inject({ method: 'GET', url: link });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.body).toContain('Thanks for confirming your erasure request.');
    expect((await t.app.inject({ method: 'GET', url: link })).statusCode).toBe(400);
    const listed = (await requests('GET')).json().find((r: Json) => r.id === id);
    expect(listed).toMatchObject({ status: 'confirmed', confirmed_at: expect.any(String) });

    const erased = await requests('POST', `/${id}/erase`);
    expect(erased.json()).toMatchObject({ status: 'completed', completed_at: expect.any(String) });
    expect((await requests('DELETE', `/${id}`)).json()).toEqual({ deleted: true, id });
    expect((await requests('DELETE', `/${id}`)).statusCode).toBe(404);
  });
});

describe('erasing a customer', () => {
  it('should remove the saved addresses, loyalty and cart-recovery data and keep the orders by default', async () => {
    const other = await customerWithData('otto', '10.9.0.1');
    const ada = await customerWithData('ada', '10.9.0.2');
    const shopWide = await ledgerTotal();

    const done = await eraseNow('ada');
    expect(done.status).toBe('completed');
    expect(messagesOf(done, 'woocommerce-customer-data')).toContain('Removed customer "Billing First Name"');
    expect(messagesOf(done, 'woocommerce-customer-data')).toContain(
      'Removed customer "Shipping Phone Number"',
    );
    expect(messagesOf(done, 'woocommerce-orders')).toEqual([
      `Personal data within order ${ada.orderId} has been retained.`,
    ]);
    expect(done.result.find((r: Json) => r.id === 'woocommerce-orders')).toMatchObject({
      items_removed: false,
      items_retained: true,
    });
    expect(messagesOf(done, 'cartrecovery-sessions')).toEqual(['Removed 1 captured cart session(s).']);
    expect(messagesOf(done, 'loyalty-points')).toEqual([
      'Removed the points balance, tier and referral code.',
      'Removed 1 points ledger entries.',
    ]);

    const customer = (await wc('GET', `customers/${ada.id}`)).json();
    expect(customer.billing).toMatchObject({ first_name: '', address_1: '', phone: '' });
    expect(customer.shipping).toMatchObject({ first_name: '', city: '' });
    const order = (await wc('GET', `orders/${ada.orderId}`)).json();
    expect(order.billing).toMatchObject({ first_name: 'ada', email: 'ada@example.com' });
    expect(order.customer_id).toBe(ada.id);
    expect(await sessionsOf(ada.email)).toBe(0);
    expect(await sessionsOf(other.email)).toBe(1);
    expect(await ledgerTotal(ada.id)).toBe(0);
    // The shop-wide ledger count lost exactly the erased entry.
    expect(await ledgerTotal()).toBe(shopWide - 1);
    expect(await ledgerTotal(other.id)).toBe(1);
    const otto = (await wc('GET', `customers/${other.id}`)).json();
    expect(otto.billing.first_name).toBe('otto');
  });

  it('should anonymise the orders as WooCommerce does when the shop says erasure removes order data', async () => {
    const set = await wc('PUT', 'settings/account/woocommerce_erasure_request_removes_order_data', {
      value: 'yes',
    });
    expect(set.statusCode, set.body).toBe(200);
    const bea = await customerWithData('bea', '10.9.0.3');
    const done = await eraseNow('bea@example.com');
    expect(messagesOf(done, 'woocommerce-orders')).toEqual([
      `Removed personal data from order ${bea.orderId}.`,
    ]);

    const order = (await wc('GET', `orders/${bea.orderId}`)).json();
    expect(order.billing).toMatchObject({
      first_name: '[deleted]',
      last_name: '[deleted]',
      address_1: '[deleted]',
      city: '[deleted]',
      postcode: '[deleted]',
      country: '',
      phone: '',
      email: 'deleted@site.invalid',
    });
    expect(order.shipping).toMatchObject({ first_name: '[deleted]', country: '' });
    expect(order).toMatchObject({ customer_id: 0, customer_note: '', total: '12.50' });
    expect(order.meta_data).toContainEqual(expect.objectContaining({ key: '_anonymized', value: 'yes' }));
    const notes = (await wc('GET', `orders/${bea.orderId}/notes`)).json();
    expect(notes.map((n: Json) => n.note)).toEqual(['Personal data removed.']);
    const found = await wc('GET', 'orders?search=bea');
    expect(found.json()).toEqual([]);
    // A second run finds nothing left to anonymise.
    const again = await requests('POST', `/${done.id}/erase`);
    expect(messagesOf(again.json(), 'woocommerce-orders')).toEqual([]);
  });
});
