import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailMessage, MailSender } from '../../src/platform/mail/mail-sender.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { seedProduct } from './cart-helpers.js';

type Json = Record<string, any>;

const sent: MailMessage[] = [];
const mail: MailSender = {
  async send(message) {
    sent.push(message);
    return { messageId: `m${sent.length}`, transport: 'outbox' };
  },
  async close() {},
};

let t: TestApp;
let admin: Record<string, string>;
let customer: Record<string, string>;
let book: number;

beforeAll(async () => {
  t = await createTestApp({ options: { mail, extensions: [] } });
  const manager = await t.createUser({ role: 'shop_manager', username: 'manager' });
  admin = await t.appPasswordHeader(manager);
  customer = await t.appPasswordHeader(await t.createUser({ role: 'customer' }));
  book = await seedProduct(t, { name: 'Book', price: 1250, stock: 50 });
});
afterAll(async () => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Json, headers = admin) =>
  t.app.inject({ method, url: `/wp-json/wc/v3/${url}`, headers, ...(payload ? { payload } : {}) });

async function pendingOrder(): Promise<Json> {
  const r = await call('POST', 'orders', {
    billing: { email: 'bob@example.com', first_name: 'Bob' },
    line_items: [{ product_id: book, quantity: 1 }],
  });
  expect(r.statusCode, r.body).toBe(201);
  return r.json();
}

describe('POST /wc/v3/orders/{id}/notes', () => {
  it('should add a private note attributed to the system by default, and to the caller with added_by_user', async () => {
    const order = await pendingOrder();
    const r = await call('POST', `orders/${order.id}/notes`, { note: 'Packed with care.' });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json()).toMatchObject({
      author: 'system',
      note: 'Packed with care.',
      customer_note: false,
      added_by_user: false,
      date_created: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/),
    });
    expect(r.headers.location).toBe(`http://shop.test/wp-json/wc/v3/orders/${order.id}/notes/${r.json().id}`);
    const mine = await call('POST', `orders/${order.id}/notes`, { note: 'Checked.', added_by_user: true });
    expect(mine.json()).toMatchObject({ author: 'manager', added_by_user: true });
    expect(sent).toEqual([]);
  });

  it("should e-mail a customer note to the order's billing e-mail", async () => {
    const order = await pendingOrder();
    const r = await call('POST', `orders/${order.id}/notes`, {
      note: 'Your parcel left today.',
      customer_note: true,
    });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json().customer_note).toBe(true);
    await t.ctx.jobs.runDue();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      to: 'bob@example.com',
      subject: expect.stringContaining('Note added to your'),
    });
    expect(sent[0]!.text).toContain('Your parcel left today.');
    sent.length = 0;
  });

  it('should refuse an empty note with 400 naming the field, and an unknown order with 404, adding nothing', async () => {
    const order = await pendingOrder();
    for (const body of [{}, { note: '' }, { note: '   ' }]) {
      const r = await call('POST', `orders/${order.id}/notes`, body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      expect(r.json().data.params.note).toBeDefined();
    }
    const unknown = await call('POST', 'orders/999999/notes', { note: 'x' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('woocommerce_rest_order_invalid_id');
    expect((await call('GET', `orders/${order.id}/notes`)).json()).toEqual([]);
  });

  it('should answer 401 without credentials and 403 to a customer, adding nothing', async () => {
    const order = await pendingOrder();
    expect((await call('POST', `orders/${order.id}/notes`, { note: 'x' }, {})).statusCode).toBe(401);
    expect((await call('POST', `orders/${order.id}/notes`, { note: 'x' }, customer)).statusCode).toBe(403);
    expect((await call('GET', `orders/${order.id}/notes`, undefined, {})).statusCode).toBe(401);
    expect((await call('GET', `orders/${order.id}/notes`, undefined, customer)).statusCode).toBe(403);
    expect((await call('GET', `orders/${order.id}/notes`)).json()).toEqual([]);
  });
});

describe('system notes', () => {
  it("should note each status change, in WooCommerce's words", async () => {
    const order = await pendingOrder();
    expect((await call('PUT', `orders/${order.id}`, { status: 'processing' })).statusCode).toBe(200);
    expect((await call('PUT', `orders/${order.id}`, { status: 'completed' })).statusCode).toBe(200);
    const notes = (await call('GET', `orders/${order.id}/notes`)).json();
    expect(notes.map((n: Json) => [n.note, n.author, n.added_by_user])).toEqual([
      ['Order status changed from Processing to Completed.', 'system', false],
      ['Order status changed from Pending payment to Processing.', 'system', false],
    ]);
  });
});

describe('GET /wc/v3/orders/{id}/notes and …/notes/{note_id}', () => {
  it('should list newest first, narrow by type, and read one note', async () => {
    const order = await pendingOrder();
    const a = (await call('POST', `orders/${order.id}/notes`, { note: 'private' })).json();
    const b = (
      await call('POST', `orders/${order.id}/notes`, { note: 'to you', customer_note: true })
    ).json();
    sent.length = 0;
    expect((await call('GET', `orders/${order.id}/notes`)).json().map((n: Json) => n.id)).toEqual([
      b.id,
      a.id,
    ]);
    expect(
      (await call('GET', `orders/${order.id}/notes?type=customer`)).json().map((n: Json) => n.id),
    ).toEqual([b.id]);
    expect(
      (await call('GET', `orders/${order.id}/notes?type=internal`)).json().map((n: Json) => n.id),
    ).toEqual([a.id]);
    const bad = await call('GET', `orders/${order.id}/notes?type=secret`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.params.type).toBeDefined();
    const one = await call('GET', `orders/${order.id}/notes/${a.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(a);
    const other = await pendingOrder();
    const wrong = await call('GET', `orders/${other.id}/notes/${a.id}`);
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().code).toBe('woocommerce_rest_invalid_id');
    expect((await call('GET', `orders/${order.id}/notes/${a.id}`, undefined, customer)).statusCode).toBe(403);
  });
});

describe('DELETE /wc/v3/orders/{id}/notes/{note_id}', () => {
  it('should refuse without force (501) and delete with force=true', async () => {
    const order = await pendingOrder();
    const note = (await call('POST', `orders/${order.id}/notes`, { note: 'temporary' })).json();
    const soft = await call('DELETE', `orders/${order.id}/notes/${note.id}`);
    expect(soft.statusCode).toBe(501);
    expect(soft.json().code).toBe('woocommerce_rest_trash_not_supported');
    expect(
      (await call('DELETE', `orders/${order.id}/notes/${note.id}?force=true`, undefined, {})).statusCode,
    ).toBe(401);
    expect(
      (await call('DELETE', `orders/${order.id}/notes/${note.id}?force=true`, undefined, customer))
        .statusCode,
    ).toBe(403);
    expect((await call('DELETE', `orders/${order.id}/notes/${note.id}?force=1x`)).statusCode).toBe(400);
    const r = await call('DELETE', `orders/${order.id}/notes/${note.id}?force=true`);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual(note);
    expect((await call('GET', `orders/${order.id}/notes/${note.id}`)).statusCode).toBe(404);
  });

  it('should go with the order when it is deleted for good', async () => {
    const order = await pendingOrder();
    await call('POST', `orders/${order.id}/notes`, { note: 'soon gone' });
    expect((await call('DELETE', `orders/${order.id}?force=true`)).statusCode).toBe(200);
    const left = await t.ctx.db
      .selectFrom('shop_order_notes')
      .selectAll()
      .where('order_id', '=', order.id)
      .execute();
    expect(left).toEqual([]);
  });
});
