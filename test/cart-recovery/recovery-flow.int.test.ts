import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/platform/clock.js';
import type { TestApp } from '../helpers/test-app.js';
import { capture, createCrApp, createProduct, guestCart } from './cr-helpers.js';
import { linkWith, SmtpSink } from './smtp-sink.js';

const MIN = 60_000;
let t: TestApp;
let smtp: SmtpSink;

// The recovery e-mails to an address (they carry List-Unsubscribe; the shop's order e-mails do not).
const recoveryMails = (address: string) => smtp.to(address).filter((m) => m.headers.has('list-unsubscribe'));
let clock: ManualClock;
let admin: Record<string, string>;
let adminApp: Record<string, string>;
let mug: number;

beforeAll(async () => {
  smtp = await new SmtpSink().start();
  clock = new ManualClock(new Date('2026-11-23T08:00:00Z'));
  t = await createCrApp({ env: { SMTP_URL: smtp.url }, options: { clock } });
  const user = await t.createUser({ role: 'administrator' });
  admin = (await t.login(user)).headers;
  adminApp = await t.appPasswordHeader(user);
  mug = await createProduct(t, admin, { name: 'Blue Mug', price: '12.50' });
});
afterAll(async () => {
  await t.close();
  await smtp.stop();
});

const pathOf = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};
const session = (id: string) =>
  t.ctx.db.selectFrom('cr_sessions').selectAll().where('session_id', '=', id).executeTakeFirstOrThrow();
const advance = async (ms: number) => {
  clock.advance(ms);
  await t.ctx.jobs.runDue({ limit: 100 });
};
const cookieHeader = (setCookie: string | string[] | undefined) =>
  (Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [])
    .map((c) => c.split(';')[0])
    .join('; ');

describe('capture → abandonment → e-mails → restore → checkout → recovered', () => {
  it('should run the whole recovery through a real SMTP server', async () => {
    const cartToken = await guestCart(t, [{ id: mug, quantity: 2 }]);
    const created = await capture(
      t,
      { email: 'ann@example.com', consent: true, cart: [], source: 'block' },
      { ip: '10.9.0.1', headers: { 'cart-token': cartToken } },
    );
    expect(created.statusCode).toBe(201);
    const id = created.json().session_id as string;

    await advance(29 * MIN);
    expect((await session(id)).status).toBe('captured');
    await advance(2 * MIN);
    expect((await session(id)).status).toBe('abandoned');
    expect(smtp.to('ann@example.com')).toHaveLength(0);

    await advance(45 * MIN);
    const [first] = smtp.to('ann@example.com');
    expect(first.subject).toBe('[Storeside] You left something in your cart');
    expect(first.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(first.headers.get('list-unsubscribe')).toMatch(
      /^<http:\/\/shop\.test\/\?cartrecovery_unsubscribe=[A-Za-z0-9]{64}>$/,
    );
    expect(first.text).toContain('Blue Mug × 2');
    expect(first.html).toContain('Blue Mug');
    const firstRestore = linkWith(first.text, 'cartrecovery_restore');
    expect(first.html).toContain(firstRestore);

    // The first e-mail's link rebuilds the cart in a fresh browser and goes to checkout; a reload changes nothing.
    const restored = await t.app.inject({
      method: 'GET',
      url: pathOf(firstRestore),
      remoteAddress: '10.9.0.2',
    });
    expect(restored.statusCode).toBe(302);
    expect(restored.headers.location).toBe('http://shop.test/checkout?cartrecovery_restored=1');
    const browser = cookieHeader(restored.headers['set-cookie']);
    expect(browser).toContain('storeside_cart=');
    const restoredCheckout = await t.app.inject({
      method: 'GET',
      url: '/checkout/',
      headers: { cookie: browser },
    });
    expect(restoredCheckout.body).toMatch(
      /<input type="email" id="billing_email" name="billing_email" value="ann@example\.com"/,
    );
    const reload = await t.app.inject({
      method: 'GET',
      url: pathOf(firstRestore),
      headers: { cookie: browser },
      remoteAddress: '10.9.0.2',
    });
    expect(reload.headers.location).toBe('http://shop.test/checkout?cartrecovery_restored=1');
    const clicks = await t.ctx.db
      .selectFrom('cr_events')
      .select('id')
      .where('type', '=', 'restore_clicked')
      .execute();
    expect(clicks).toHaveLength(1);
    const cart = await t.app.inject({
      method: 'GET',
      url: '/wp-json/wc/store/v1/cart',
      headers: { cookie: browser },
    });
    expect(cart.json().items.map((i: { id: number; quantity: number }) => [i.id, i.quantity])).toEqual([
      [mug, 2],
    ]);

    await advance(24 * 60 * MIN);
    expect(smtp.to('ann@example.com')).toHaveLength(2);
    // Earlier e-mails' links keep working within their 48 h.
    const again = await t.app.inject({ method: 'GET', url: pathOf(firstRestore), remoteAddress: '10.9.0.3' });
    expect(again.headers.location).toBe('http://shop.test/checkout?cartrecovery_restored=1');

    await advance(48 * 60 * MIN);
    const mails = smtp.to('ann@example.com');
    expect(mails).toHaveLength(3);
    const last = mails[2];
    expect(last.subject).toContain('Last chance');
    const coupon = /Your code (CR-[A-Z0-9]+)/.exec(last.text)?.[1];
    expect(coupon).toBeDefined();
    const expired = await t.app.inject({
      method: 'GET',
      url: pathOf(firstRestore),
      remoteAddress: '10.9.0.4',
    });
    expect(expired.headers.location).toBe('http://shop.test/?cartrecovery_restore_error=expired');

    // The last e-mail's link brings the cart back with its coupon; checkout pays; the session is recovered.
    const finalRestore = await t.app.inject({
      method: 'GET',
      url: pathOf(linkWith(last.text, 'cartrecovery_restore')),
      remoteAddress: '10.9.0.5',
    });
    expect(finalRestore.headers.location).toBe('http://shop.test/checkout?cartrecovery_restored=1');
    const buyer = cookieHeader(finalRestore.headers['set-cookie']);
    const checkoutPage = await t.app.inject({
      method: 'GET',
      url: '/wp-json/wc/store/v1/cart',
      headers: { cookie: buyer },
    });
    const checkout = await t.app.inject({
      method: 'POST',
      url: '/wp-json/wc/store/v1/checkout',
      headers: { cookie: buyer, nonce: checkoutPage.headers.nonce as string },
      payload: {
        billing_address: { email: 'ann@example.com', first_name: 'Ann', last_name: 'Lee' },
        payment_method: 'cod',
      },
    });
    expect(checkout.statusCode, checkout.body).toBe(200);
    const order = await t.ctx.shop.getOrder(checkout.json().order_id);
    expect(order?.coupon_lines.map((c) => c.code.toUpperCase())).toEqual([coupon]);
    const done = await session(id);
    expect(done).toMatchObject({
      status: 'recovered',
      order_id: order?.id,
      attribution_source: 'restore_token',
      recovered_step: 3,
    });
    expect(done.recovered_revenue).toBe(order?.total);

    // Nothing more goes out, and the analytics see one recovery.
    await advance(7 * 24 * 60 * MIN);
    expect(recoveryMails('ann@example.com')).toHaveLength(3);
    // The order itself sends the shop's own order e-mail (not a recovery e-mail).
    expect(smtp.to('ann@example.com').filter((m) => !m.headers.has('list-unsubscribe'))).toHaveLength(1);
    const stats = await t.app.inject({
      method: 'GET',
      url: '/wp-json/cartrecovery/v1/analytics?days=7',
      headers: adminApp,
    });
    expect(stats.statusCode).toBe(200);
    expect(stats.json()).toMatchObject({ period_days: 7, abandoned: 0 });
    const month = (
      await t.app.inject({
        method: 'GET',
        url: '/wp-json/cartrecovery/v1/analytics?days=30',
        headers: adminApp,
      })
    ).json();
    expect(month).toMatchObject({
      abandoned: 1,
      recovered: 1,
      restored: 1,
      recovery_rate: 100,
      emails_sent: 3,
      best_step: 3,
    });
    expect(month.revenue).toBe((order?.total ?? 0) / 100);
    expect(month.recoveries_by_step['3']).toBe(1);
  });

  it('should unsubscribe by link (GET and one-click POST), cancel what is pending and keep every link working', async () => {
    const created = await capture(
      t,
      {
        email: 'bob@example.com',
        consent: true,
        cart: [{ product_id: mug, quantity: 1 }],
        source: 'classic',
      },
      { ip: '10.9.1.1' },
    );
    const id = created.json().session_id as string;
    await advance(31 * MIN);
    await advance(45 * MIN);
    const [mail] = smtp.to('bob@example.com');
    const unsubscribe = linkWith(mail.text, 'cartrecovery_unsubscribe');
    expect(mail.headers.get('list-unsubscribe')).toBe(`<${unsubscribe}>`);

    const oneClick = await t.app.inject({
      method: 'POST',
      url: pathOf(unsubscribe),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
      remoteAddress: '10.9.1.2',
    });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.body).toContain('You are unsubscribed');
    const row = await session(id);
    expect(row.status).toBe('suppressed');
    const pending = await t.ctx.db
      .selectFrom('cr_notifications')
      .select(['step', 'status', 'cancel_reason'])
      .where('session_id', '=', row.id)
      .orderBy('step')
      .execute();
    expect(pending).toEqual([
      { step: 1, status: 'sent', cancel_reason: null },
      { step: 2, status: 'canceled', cancel_reason: 'unsubscribed' },
      { step: 3, status: 'canceled', cancel_reason: 'unsubscribed' },
    ]);
    const page = await t.app.inject({ method: 'GET', url: pathOf(unsubscribe), remoteAddress: '10.9.1.3' });
    expect(page.statusCode).toBe(200);
    await advance(5 * 24 * 60 * MIN);
    expect(smtp.to('bob@example.com')).toHaveLength(1);

    const recapture = await capture(
      t,
      {
        email: 'Bob@Example.com',
        consent: true,
        cart: [{ product_id: mug, quantity: 1 }],
        source: 'classic',
      },
      { ip: '10.9.1.4' },
    );
    expect(recapture.statusCode).toBe(400);
    expect(recapture.json().code).toBe('cartrecovery_suppressed');
    const unknown = await t.app.inject({
      method: 'GET',
      url: `/?cartrecovery_unsubscribe=${'z'.repeat(64)}`,
      remoteAddress: '10.9.1.5',
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('should close a session bought before abandonment without ever e-mailing it', async () => {
    const cartToken = await guestCart(t, [{ id: mug, quantity: 1 }]);
    const created = await capture(
      t,
      { email: 'cat@example.com', consent: true, cart: [], source: 'block' },
      { ip: '10.9.2.1', headers: { 'cart-token': cartToken } },
    );
    const id = created.json().session_id as string;
    const checkout = await t.app.inject({
      method: 'POST',
      url: '/wp-json/wc/store/v1/checkout',
      headers: { 'cart-token': cartToken },
      payload: {
        billing_address: { email: 'cat@example.com', first_name: 'Cat', last_name: 'Ray' },
        payment_method: 'cod',
      },
    });
    expect(checkout.statusCode, checkout.body).toBe(200);
    expect(await session(id)).toMatchObject({
      status: 'converted',
      attribution_source: 'session',
      order_id: checkout.json().order_id,
    });
    await advance(5 * 24 * 60 * MIN);
    expect((await session(id)).status).toBe('converted');
    expect(recoveryMails('cat@example.com')).toHaveLength(0);
  });

  it('should redirect bad restore links home with the reason', async () => {
    const invalid = await t.app.inject({
      method: 'GET',
      url: `/shop/anything?cartrecovery_restore=${'q'.repeat(64)}`,
      remoteAddress: '10.9.3.1',
    });
    expect(invalid.statusCode).toBe(302);
    expect(invalid.headers.location).toBe('http://shop.test/?cartrecovery_restore_error=invalid');
    for (let i = 0; i < 10; i++)
      await t.app.inject({ method: 'GET', url: '/?cartrecovery_restore=short', remoteAddress: '10.9.3.2' });
    const limited = await t.app.inject({
      method: 'GET',
      url: '/?cartrecovery_restore=short',
      remoteAddress: '10.9.3.2',
    });
    expect(limited.headers.location).toBe('http://shop.test/?cartrecovery_restore_error=rate_limited');
  });
});
