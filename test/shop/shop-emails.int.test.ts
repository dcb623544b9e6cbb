import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadOrder } from '../../src/shop/orders/order-records.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { guestToken, storePost } from './cart-helpers.js';

type Json = Record<string, any>;

let t: TestApp;
let manager: Record<string, string>;
let customer: Record<string, string>;
let mug: number;

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: Json, headers = manager) =>
  t.app.inject({ method, url: `/wp-json/${url}`, headers, ...(payload ? { payload } : {}) });

async function ok(method: 'GET' | 'POST' | 'PUT', url: string, payload?: Json): Promise<Json> {
  const r = await call(method, url, payload);
  expect(r.statusCode, r.body).toBeLessThan(300);
  return r.json();
}

const ADDRESS = {
  first_name: 'Ann',
  last_name: 'Lee',
  address_1: '10 Downing <Street>',
  city: 'London',
  postcode: 'SW1A 2AA',
  country: 'GB',
};

// A Store API checkout of one mug to a GB address (flat rate shipping, 20 % VAT).
async function checkout(method: string, email = 'ann@example.com'): Promise<number> {
  const token = await guestToken(t);
  expect((await storePost(t, 'cart/add-item', token, { id: mug, quantity: 2 })).statusCode).toBe(201);
  const r = await storePost(t, 'checkout', token, {
    billing_address: { ...ADDRESS, email },
    shipping_address: ADDRESS,
    payment_method: method,
  });
  expect(r.statusCode, r.body).toBe(200);
  return r.json().order_id;
}

// Runs the due jobs, then answers the messages stored since `after` (oldest first).
async function sentSince(after: number): Promise<Json[]> {
  await t.ctx.jobs.runDue();
  return t.ctx.db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('id', '>', after)
    .where('tag', 'like', 'shop:%')
    .orderBy('id')
    .execute();
}

async function lastOutboxId(): Promise<number> {
  const row = await t.ctx.db
    .selectFrom('mail_outbox')
    .select('id')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.id ?? 0;
}

const setStatus = (id: number, status: string) => ok('PUT', `wc/v3/orders/${id}`, { status });

beforeAll(async () => {
  t = await createTestApp({ options: { extensions: [] } });
  manager = await t.appPasswordHeader(await t.createUser({ role: 'shop_manager' }));
  customer = await t.appPasswordHeader(await t.createUser({ role: 'customer' }));
  await t.ctx.options.set('blogname', 'Tom & Jerry');
  for (const [name, value] of Object.entries({
    woocommerce_calc_taxes: 'yes',
    woocommerce_prices_include_tax: 'no',
    woocommerce_default_country: 'GB',
  }))
    await t.ctx.options.set(name, value);
  await ok('POST', 'wc/v3/taxes', { country: 'GB', rate: '20', name: 'VAT', shipping: true });
  const zone = await ok('POST', 'wc/v3/shipping/zones', { name: 'UK' });
  await ok('PUT', `wc/v3/shipping/zones/${zone.id}/locations`, [{ code: 'GB' }]);
  await ok('POST', `wc/v3/shipping/zones/${zone.id}/methods`, {
    method_id: 'flat_rate',
    settings: { title: 'Standard', cost: '5' },
  });
  await ok('PUT', 'wc/v3/payment_gateways/bacs', {
    settings: { account_name: 'Tom & Jerry Ltd', iban: 'GB33BUKB20201555555555' },
  });
  mug = (
    await ok('POST', 'wc/v3/products', {
      name: 'Mug <Blue>',
      regular_price: '12.50',
      sku: 'MUG-1',
      images: [{ src: 'https://cdn.example.com/mug.png' }],
    })
  ).id;
});
afterAll(async () => t.close());

describe("the shop's order e-mails", () => {
  it('should send the on-hold e-mail with lines, image, shipping, tax, addresses and bank details, and the owner the new order', async () => {
    const before = await lastOutboxId();
    const id = await checkout('bacs');
    const sent = await sentSince(before);
    expect(sent.map((m) => m.tag).sort()).toEqual(['shop:customer_on_hold_order', 'shop:new_order']);
    const onHold = sent.find((m) => m.tag === 'shop:customer_on_hold_order')!;
    expect(onHold).toMatchObject({
      to_address: 'ann@example.com',
      from_address: `"Tom & Jerry" <${t.config.admin.email}>`,
      subject: 'Your Tom & Jerry order has been received!',
    });
    // The HTML part: escaped by the template, image by URL, totals, addresses, bank details.
    expect(onHold.html_body).toContain('src="https://cdn.example.com/mug.png"');
    expect(onHold.html_body).toContain('Mug &lt;Blue&gt;');
    expect(onHold.html_body).not.toContain('Mug <Blue>');
    expect(onHold.html_body).toContain('10 Downing &lt;Street&gt;');
    expect(onHold.html_body).toContain('$5.00 via Standard');
    expect(onHold.html_body).toContain('VAT:');
    expect(onHold.html_body).toContain('$6.00');
    expect(onHold.html_body).toContain('GB33BUKB20201555555555');
    expect(onHold.html_body).toContain('Direct bank transfer');
    expect(onHold.html_body).toContain('Thank you for your order');
    // The plain-text part carries the same content.
    expect(onHold.text_body).toContain('Mug <Blue> (SKU MUG-1) × 2 = $25.00');
    expect(onHold.text_body).toContain('Shipping: $5.00 via Standard');
    expect(onHold.text_body).toContain('VAT: $6.00');
    expect(onHold.text_body).toContain('Total: $36.00');
    expect(onHold.text_body).toContain('IBAN: GB33BUKB20201555555555');
    expect(onHold.text_body).toContain('Billing address\nAnn Lee\n10 Downing <Street>');
    expect(onHold.text_body).toContain('Shipping address');
    const owner = sent.find((m) => m.tag === 'shop:new_order')!;
    expect(owner).toMatchObject({
      to_address: t.config.admin.email,
      subject: `[Tom & Jerry]: New order #${id}`,
    });
    expect(owner.text_body).toContain('You’ve received the following order from Ann Lee:');
    expect(owner.text_body).not.toContain('IBAN');
  });

  it('should send processing, completed, partial and full refund and customer note e-mails to the customer', async () => {
    const id = await checkout('bacs', 'bea@example.com');
    let before = await lastOutboxId();
    await sentSince(0);
    before = await lastOutboxId();
    await setStatus(id, 'processing');
    let sent = await sentSince(before);
    expect(sent.map((m) => [m.tag, m.to_address, m.subject])).toEqual([
      ['shop:customer_processing_order', 'bea@example.com', 'Your Tom & Jerry order has been received!'],
    ]);
    expect(sent[0].text_body).toContain(`we’ve received your order #${id}, and it is now being processed.`);

    before = await lastOutboxId();
    await setStatus(id, 'completed');
    sent = await sentSince(before);
    expect(sent.map((m) => [m.tag, m.subject])).toEqual([
      ['shop:customer_completed_order', 'Your Tom & Jerry order is now complete'],
    ]);

    before = await lastOutboxId();
    await ok('POST', `wc/v3/orders/${id}/refunds`, { amount: '10.00', reason: 'Chipped' });
    sent = await sentSince(before);
    expect(sent.map((m) => [m.tag, m.subject])).toEqual([
      ['shop:customer_refunded_order', `Your Tom & Jerry order #${id} has been partially refunded`],
    ]);
    expect(sent[0].text_body).toContain('Refund: -$10.00');

    before = await lastOutboxId();
    await ok('POST', `wc/v3/orders/${id}/refunds`, { amount: '26.00' });
    sent = await sentSince(before);
    expect(sent.map((m) => [m.tag, m.subject])).toEqual([
      ['shop:customer_refunded_order', `Your Tom & Jerry order #${id} has been refunded`],
    ]);
    expect(sent[0].html_body).toContain(`Order Refunded: ${id}`);

    before = await lastOutboxId();
    const note = await call('POST', `wc/v3/orders/${id}/notes`, {
      note: 'Your <parcel> left today.',
      customer_note: true,
    });
    expect(note.statusCode, note.body).toBe(201);
    sent = await sentSince(before);
    expect(sent.map((m) => [m.tag, m.to_address])).toEqual([['shop:customer_note', 'bea@example.com']]);
    expect(sent[0].subject).toMatch(/^Note added to your Tom & Jerry order from \w+ \d+, \d{4}$/);
    expect(sent[0].text_body).toContain('Your <parcel> left today.');
    expect(sent[0].html_body).toContain('Your &lt;parcel&gt; left today.');
  });

  it("should send the owner's cancelled and failed e-mails to the recipients set, with the edited subject", async () => {
    await ok('PUT', 'wc/v3/settings/email_cancelled_order/recipient', {
      value: 'boss@example.com, ops@example.com',
    });
    await ok('PUT', 'wc/v3/settings/email_cancelled_order/subject', {
      value: 'Cancelled: {order_number} at {site_title}',
    });
    const id = await checkout('bacs');
    let before = await lastOutboxId();
    await sentSince(0);
    before = await lastOutboxId();
    await setStatus(id, 'cancelled');
    let sent = await sentSince(before);
    expect(sent.map((m) => [m.tag, m.to_address, m.subject])).toEqual([
      ['shop:cancelled_order', 'boss@example.com, ops@example.com', `Cancelled: ${id} at Tom & Jerry`],
    ]);
    expect(sent[0].text_body).toContain(`order #${id} belonging to Ann Lee has been cancelled`);

    const pending = await ok('POST', 'wc/v3/orders', {
      billing: { email: 'cy@example.com', first_name: 'Cy' },
      line_items: [{ product_id: mug, quantity: 1 }],
    });
    before = await lastOutboxId();
    await setStatus(pending.id, 'failed');
    sent = await sentSince(before);
    expect(sent.map((m) => [m.tag, m.to_address, m.subject])).toEqual([
      ['shop:failed_order', t.config.admin.email, `[Tom & Jerry]: Order #${pending.id} has failed`],
    ]);
  });

  it('should not send a disabled e-mail, and send a plain-text one without HTML', async () => {
    await ok('PUT', 'wc/v3/settings/email_customer_completed_order/enabled', { value: 'no' });
    await ok('PUT', 'wc/v3/settings/email_customer_processing_order/email_type', { value: 'plain' });
    const id = await checkout('bacs');
    await sentSince(0);
    let before = await lastOutboxId();
    await setStatus(id, 'processing');
    let sent = await sentSince(before);
    expect(sent.map((m) => m.tag)).toEqual(['shop:customer_processing_order']);
    expect(sent[0].html_body).toBeNull();
    expect(sent[0].text_body).toContain('Total: $36.00');
    before = await lastOutboxId();
    await setStatus(id, 'completed');
    sent = await sentSince(before);
    expect(sent).toEqual([]);
    await ok('PUT', 'wc/v3/settings/email_customer_completed_order/enabled', { value: 'yes' });
    await ok('PUT', 'wc/v3/settings/email_customer_processing_order/email_type', { value: 'html' });
  });

  it('should send once when the same event is processed twice, also by two workers at the same time', async () => {
    const id = await checkout('cod');
    await sentSince(0);
    const order = (await loadOrder(t.ctx.db, id))!;
    const before = await lastOutboxId();
    const emit = () =>
      t.ctx.db
        .transaction()
        .execute((trx) =>
          t.ctx.events.emit('order.status_changed', { order, from: 'on-hold', to: 'completed' }, trx),
        );
    await emit();
    await emit(); // while the first job waits: the unique job key keeps one job
    await Promise.all([t.ctx.jobs.runDue({ workerId: 'a' }), t.ctx.jobs.runDue({ workerId: 'b' })]);
    await emit(); // after it ran: a new job, whose send finds the key claimed
    await t.ctx.jobs.runDue();
    expect((await sentSince(before)).map((m) => m.tag)).toEqual(['shop:customer_completed_order']);

    // Two jobs for one send key (as two instances queueing the same event would), run by two workers at once.
    const key = `${id}:customer_completed_order:test-race`;
    for (const note of ['a', 'b'])
      await t.ctx.jobs.schedule({
        hook: 'shop.emails.send',
        args: { email_id: 'customer_completed_order', order_id: id, send_key: key, wording: '', note },
      });
    const raced = await lastOutboxId();
    await Promise.all([
      t.ctx.jobs.runDue({ workerId: 'a', limit: 1 }),
      t.ctx.jobs.runDue({ workerId: 'b', limit: 1 }),
    ]);
    await t.ctx.jobs.runDue();
    expect((await sentSince(raced)).map((m) => m.tag)).toEqual(['shop:customer_completed_order']);
  });
});

describe('e-mail settings (wc/v3/settings/email_*)', () => {
  it('should list the email group with one sub-group per e-mail, as WooCommerce does', async () => {
    const groups = (await ok('GET', 'wc/v3/settings')) as unknown as Json[];
    const email = groups.find((g) => g.id === 'email')!;
    expect(email.sub_groups).toEqual(
      expect.arrayContaining(['email_new_order', 'email_customer_processing_order', 'email_customer_note']),
    );
    expect(groups.find((g) => g.id === 'email_new_order')).toMatchObject({
      parent_id: 'email',
      label: 'New order',
    });
    const owner = (await ok('GET', 'wc/v3/settings/email_new_order')) as unknown as Json[];
    expect(owner.map((s) => s.id)).toEqual([
      'enabled',
      'recipient',
      'subject',
      'heading',
      'additional_content',
      'email_type',
    ]);
    const refunded = (await ok('GET', 'wc/v3/settings/email_customer_refunded_order')) as unknown as Json[];
    expect(refunded.map((s) => s.id)).toEqual([
      'enabled',
      'subject_full',
      'heading_full',
      'subject_partial',
      'heading_partial',
      'additional_content',
      'email_type',
    ]);
    const from = (await ok('GET', 'wc/v3/settings/email')) as unknown as Json[];
    expect(from.map((s) => s.id)).toEqual(
      expect.arrayContaining(['woocommerce_email_from_name', 'woocommerce_email_from_address']),
    );
  });

  it('should use the from name and address of the email group', async () => {
    await ok('PUT', 'wc/v3/settings/email/woocommerce_email_from_name', { value: 'The Shop' });
    await ok('PUT', 'wc/v3/settings/email/woocommerce_email_from_address', { value: 'shop@example.com' });
    const before = await lastOutboxId();
    await checkout('cod');
    const sent = await sentSince(before);
    expect(sent.map((m) => m.from_address)).toEqual([
      '"The Shop" <shop@example.com>',
      '"The Shop" <shop@example.com>',
    ]);
  });

  it('should answer 401 without login and 403 to a customer, changing nothing', async () => {
    for (const [headers, status] of [
      [{}, 401],
      [customer, 403],
    ] as const) {
      expect((await call('GET', 'wc/v3/settings/email_new_order', undefined, headers)).statusCode).toBe(
        status,
      );
      const put = await call('PUT', 'wc/v3/settings/email_new_order/enabled', { value: 'no' }, headers);
      expect(put.statusCode).toBe(status);
      expect((await call('GET', 'shop/v1/emails', undefined, headers)).statusCode).toBe(status);
      expect((await call('GET', 'shop/v1/emails/new_order/preview', undefined, headers)).statusCode).toBe(
        status,
      );
    }
    const enabled = await ok('GET', 'wc/v3/settings/email_new_order/enabled');
    expect(enabled.value).toBe('yes');
  });

  it('should refuse bad values with 400 naming the field, changing nothing', async () => {
    for (const [url, value] of [
      ['email_new_order/enabled', 'maybe'],
      ['email_new_order/recipient', 'boss@example.com, not-an-address'],
      ['email_new_order/email_type', 'rtf'],
      ['email/woocommerce_email_from_address', 'nobody'],
      ['email/woocommerce_email_base_color', 'red'],
    ]) {
      const r = await call('PUT', `wc/v3/settings/${url}`, { value });
      expect(r.statusCode, url).toBe(400);
      expect(r.json()).toMatchObject({
        code: 'rest_setting_value_invalid',
        data: { params: { value: expect.any(String) } },
      });
    }
    expect(
      (await call('PUT', 'wc/v3/settings/email_new_order/subject', {})).json().data.params.value,
    ).toBeDefined();
    expect((await ok('GET', 'wc/v3/settings/email_new_order/recipient')).value).toBe('');
    expect((await ok('GET', 'wc/v3/settings/email_new_order/enabled')).value).toBe('yes');
    expect((await call('GET', 'wc/v3/settings/email_nothing')).statusCode).toBe(404);
  });
});

describe('GET /shop/v1/emails and the preview', () => {
  it('should list every e-mail with its state and recipients', async () => {
    const list = (await ok('GET', 'shop/v1/emails')) as unknown as Json[];
    expect(list.map((e) => e.id)).toEqual([
      'new_order',
      'cancelled_order',
      'failed_order',
      'customer_on_hold_order',
      'customer_processing_order',
      'customer_completed_order',
      'customer_refunded_order',
      'customer_note',
    ]);
    expect(list.find((e) => e.id === 'cancelled_order')).toMatchObject({
      audience: 'owner',
      enabled: true,
      recipient: 'boss@example.com, ops@example.com',
    });
    expect(list.find((e) => e.id === 'new_order')!.recipient).toBe(t.config.admin.email);
  });

  it('should render a preview with the newest order or the one asked for, and refuse bad input', async () => {
    const id = await checkout('bacs');
    const latest = await ok('GET', 'shop/v1/emails/customer_on_hold_order/preview');
    expect(latest.order_id).toBe(id);
    expect(latest.subject).toBe('Your Tom & Jerry order has been received!');
    expect(latest.html).toContain('<!doctype html>');
    expect(latest.html).toContain('GB33BUKB20201555555555');
    const older = await ok('GET', `shop/v1/emails/new_order/preview?order_id=${id - 1}`);
    expect(older.order_id).toBe(id - 1);
    const bad = await call('GET', 'shop/v1/emails/new_order/preview?order_id=abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.params.order_id).toBeDefined();
    expect((await call('GET', 'shop/v1/emails/new_order/preview?order_id=999999')).statusCode).toBe(404);
    expect((await call('GET', 'shop/v1/emails/no_such/preview')).statusCode).toBe(404);
  });
});
