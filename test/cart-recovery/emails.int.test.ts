import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/platform/clock.js';
import type { TestApp } from '../helpers/test-app.js';
import { seedVariable } from '../shop/cart-helpers.js';
import { capture, createCrApp, guestCart, setSettings } from './cr-helpers.js';
import { SmtpSink } from './smtp-sink.js';

const MIN = 60_000;
let t: TestApp;
let smtp: SmtpSink;
let clock: ManualClock;
let admin: Record<string, string>;
let customer: Record<string, string>;
let mug: number;
let shirt: { id: number; variationIds: number[] };

beforeAll(async () => {
  smtp = await new SmtpSink().start();
  clock = new ManualClock(new Date('2026-11-23T08:00:00Z'));
  t = await createCrApp({ env: { SMTP_URL: smtp.url }, options: { clock } });
  admin = (await t.login(await t.createUser({ role: 'administrator', email: 'boss@example.com' }))).headers;
  customer = (await t.login(await t.createUser({ role: 'customer' }))).headers;
  const created = await t.app.inject({
    method: 'POST',
    url: '/wp-json/wc/v3/products',
    headers: admin,
    payload: {
      name: 'Blue <Mug>',
      type: 'simple',
      status: 'publish',
      regular_price: '12.50',
      images: [{ src: 'https://img.example/mug.jpg', alt: 'Mug' }],
    },
  });
  mug = created.json().id;
  shirt = await seedVariable(t, { name: 'Shirt', variations: [{ color: 'Red', price: 2000 }] });
});
afterAll(async () => {
  await t.close();
  await smtp.stop();
});

const call = (path: string, headers: Record<string, string>, payload?: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/wp-json/cartrecovery/v1${path}`,
    headers,
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });

describe('branding settings and template rules', () => {
  it('should refuse a non-https logo, a bad colour and a long address, naming the field', async () => {
    for (const [field, value] of [
      ['logo_url', 'http://img.example/logo.png'],
      ['accent_color', 'red'],
      ['footer_address', 'x'.repeat(301)],
    ] as const) {
      const r = await call('/settings', admin, { [field]: value });
      expect(r.statusCode).toBe(400);
      expect(JSON.stringify(r.json().data.params)).toContain(field);
    }
    const saved = await setSettings(t, admin, {
      logo_url: 'https://img.example/logo.png',
      accent_color: '#aa3300',
      footer_address: '1 Main Street, Springfield',
    });
    expect(saved.accent_color).toBe('#aa3300');
  });

  it('should refuse a step body without the restore or the unsubscribe link and change nothing', async () => {
    const before = (await t.app.inject({ url: '/wp-json/cartrecovery/v1/campaign', headers: admin })).json();
    const noRestore = await call('/campaign', admin, { steps: [{}, { body: 'Hi {unsubscribe_url}' }, {}] });
    expect(noRestore.statusCode).toBe(400);
    expect(noRestore.json().data.params).toHaveProperty(['steps[1].body']);
    expect(noRestore.json().message).toContain('steps[1].body');
    const noUnsub = await call('/campaign', admin, { steps: [{ body: '{restore_url}' }, {}, {}] });
    expect(noUnsub.statusCode).toBe(400);
    expect(noUnsub.json().data.params).toHaveProperty(['steps[0].body']);
    const after = (await t.app.inject({ url: '/wp-json/cartrecovery/v1/campaign', headers: admin })).json();
    expect(after).toEqual(before);
  });
});

describe('the sent e-mail (real SMTP)', () => {
  it('should carry the brand, the cart lines with images and variation, the total, the coupon and both links', async () => {
    const ok = await call('/campaign', admin, { steps: [{ coupon_enabled: true }, {}, {}] });
    expect(ok.statusCode).toBe(200);
    const cartToken = await guestCart(t, [
      { id: mug, quantity: 2 },
      { id: shirt.variationIds[0], quantity: 1 },
    ]);
    const created = await capture(
      t,
      { email: 'dora@example.com', consent: true, cart: [], source: 'block' },
      { ip: '10.12.0.1', headers: { 'cart-token': cartToken } },
    );
    expect(created.statusCode).toBe(201);
    clock.advance(31 * MIN);
    await t.ctx.jobs.runDue({ limit: 100 });
    clock.advance(46 * MIN);
    await t.ctx.jobs.runDue({ limit: 100 });

    const [mail] = smtp.to('dora@example.com');
    expect(mail.headers.get('list-unsubscribe')).toMatch(
      /^<http:\/\/shop\.test\/\?cartrecovery_unsubscribe=/,
    );
    expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(mail.html).toContain('<img src="https://img.example/logo.png" alt="Storeside"');
    expect(mail.html).toMatch(
      /<img src="https:\/\/img\.example\/mug\.jpg" alt="Blue &lt;Mug&gt;" width="64" height="64"/,
    );
    expect(mail.html).not.toContain('<Mug>');
    expect(mail.html).toContain('$25.00');
    expect(mail.html).toContain('Color: Red · Qty 1');
    expect(mail.html).toContain('$45.00');
    expect(mail.html).toContain('background-color:#aa3300');
    expect(mail.html).toContain('1 Main Street, Springfield');
    const code = /Your code (CR-[A-Z0-9]+) takes \$10\.00 off/.exec(mail.text)?.[1];
    expect(code).toBeDefined();
    expect(mail.html).toContain(`>${code}</span>`);
    expect(mail.html).toContain('off your order with the code');
    expect(mail.html).toMatch(/href="http:\/\/shop\.test\/\?cartrecovery_restore=[A-Za-z0-9]{64}"/);
    expect(mail.html).toMatch(/href="http:\/\/shop\.test\/\?cartrecovery_unsubscribe=[A-Za-z0-9]{64}"/);
    expect(mail.text).toContain('- Blue <Mug> × 2: $25.00');
    expect(mail.text).toContain('Total: $45.00');
    expect(mail.html).not.toMatch(/\{[a-z_]+\}|<script/);
  });
});

describe('POST /templates/preview and /test/email with a draft', () => {
  const draft = {
    subject: 'Hey {store_name}, step two',
    heading: 'Back <soon>?',
    preheader: 'Peek',
    body: 'Hello\n\n{cart_items}\n\n{restore_url}\n\n{unsubscribe_url}',
    cta_label: 'Go',
  };

  it('should refuse anonymous (401), a customer (403) and bad input (400), and an unknown session (404)', async () => {
    expect((await call('/templates/preview', {}, { step: 2 })).statusCode).toBe(401);
    const forbidden = await call('/templates/preview', customer, { step: 2 });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().code).toBe('rest_forbidden');
    for (const bad of [
      { step: 4 },
      {},
      { step: 2, template: { ...draft, body: 'x'.repeat(5001) } },
      { step: 2, template: { ...draft, subject: '' } },
      { step: 2, extra: 1 },
    ]) {
      const r = await call('/templates/preview', admin, bad);
      expect(r.statusCode).toBe(400);
      expect(r.json().code).toBe('rest_invalid_param');
    }
    const unknown = await call('/templates/preview', admin, { step: 1, session_id: 'nope' });
    expect(unknown.statusCode).toBe(404);
  });

  it("should render an unsaved draft with sample data, and a chosen session's cart", async () => {
    const r = await call('/templates/preview', admin, { step: 2, template: draft });
    expect(r.statusCode).toBe(200);
    const preview = r.json();
    expect(preview.subject).toBe('Hey Storeside, step two');
    expect(preview.html).toContain('Back &lt;soon&gt;?');
    expect(preview.html).toContain('https://img.example/mug.jpg');
    expect(preview.text).toContain('Go: http://shop.test/?cartrecovery_restore=preview-link');
    expect(preview.html).not.toContain('CR-SAMPLE');

    const saved = await call('/templates/preview', admin, { step: 1 });
    expect(saved.json().html).toContain('CR-SAMPLE');

    const session = await t.ctx.db
      .selectFrom('cr_sessions')
      .select('session_id')
      .where('email', '=', 'dora@example.com')
      .executeTakeFirstOrThrow();
    const chosen = await call('/templates/preview', admin, { step: 2, session_id: session.session_id });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().text).toContain('Shirt');
    expect(chosen.json().text).toContain('Total: $45.00');
  });

  it('should send the draft through the real layout to a typed address', async () => {
    const r = await call('/test/email', admin, { step: 2, email: 'eve@example.com', template: draft });
    expect(r.statusCode).toBe(200);
    const [mail] = smtp.to('eve@example.com');
    expect(mail.subject).toBe('[Preview] Hey Storeside, step two');
    expect(mail.html).toContain('Back &lt;soon&gt;?');
    expect((await call('/test/email', admin, { template: draft })).statusCode).toBe(400);
  });
});
