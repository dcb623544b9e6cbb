import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeLicenseServer } from '../../src/fakes/license-server.fake.js';
import { LicenseService } from '../../src/extensions/cart-recovery/license/license.service.js';
import { cartRecoveryExtension } from '../../src/extensions/cart-recovery/cart-recovery.extension.js';
import { ManualClock } from '../../src/platform/clock.js';
import type { TestApp } from '../helpers/test-app.js';
import { capture, createCrApp, createProduct, crOf } from './cr-helpers.js';

const KEY = 'WPAB-1234567890AB-CDEF12345678';
let t: TestApp;
let license: FakeLicenseServer;
let clock: ManualClock;
let admin: Record<string, string>;
let adminCookieOnly: Record<string, string>;
let manager: Record<string, string>;
let customer: Record<string, string>;
let mug: number;

beforeAll(async () => {
  license = new FakeLicenseServer();
  const url = await license.start();
  license.addLicense({ key: KEY, slug: 'cartrecovery-pro' });
  clock = new ManualClock(new Date('2026-11-23T08:00:00Z'));
  t = await createCrApp({ env: { LICENSE_SERVER_URL: url }, options: { clock } });
  const adminUser = await t.createUser({ role: 'administrator', email: 'boss@example.com' });
  const session = await t.login(adminUser);
  admin = session.headers;
  adminCookieOnly = { cookie: session.cookie };
  manager = (await t.login(await t.createUser({ role: 'shop_manager' }))).headers;
  customer = (await t.login(await t.createUser({ role: 'customer' }))).headers;
  mug = await createProduct(t, admin, { name: 'Mug', price: '7.00' });
});
afterAll(async () => {
  await t.close();
  await license.stop();
});

const call = (method: string, path: string, headers: Record<string, string>, payload?: unknown) =>
  t.app.inject({
    method: method as 'GET',
    url: `/wp-json/cartrecovery/v1${path}`,
    headers,
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });

describe('admin route access (manage_shop; nonce with the cookie)', () => {
  const routes: Array<[string, string, unknown?]> = [
    ['GET', '/settings'],
    ['POST', '/settings', { test_mode: false }],
    ['GET', '/campaign'],
    ['POST', '/campaign', { enabled: true }],
    ['GET', '/analytics?days=7'],
    ['POST', '/license/activate', { license_key: 'X' }],
    ['GET', '/license/status'],
    ['POST', '/license/deactivate'],
    ['POST', '/test/trigger'],
    ['POST', '/test/email', {}],
    ['GET', '/privacy/export?email=a@b.co'],
    ['POST', '/privacy/erase', { email: 'a@b.co' }],
  ];
  it.each(routes)(
    'should refuse %s %s with 401 anonymous, 401 cookie without nonce, 403 customer',
    async (method, path, body) => {
      expect((await call(method, path, {}, body)).statusCode).toBe(401);
      expect((await call(method, path, adminCookieOnly, body)).statusCode).toBe(401);
      const forbidden = await call(method, path, customer, body);
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json().code).toBe('rest_forbidden');
    },
  );
});

describe('GET|POST /settings and /campaign', () => {
  it('should return the whole record with defaults and apply a validated partial update', async () => {
    const settings = (await call('GET', '/settings', manager)).json();
    expect(settings).toMatchObject({
      capture_enabled: true,
      abandonment_timeout: 30,
      data_retention_days: 30,
      coupon_type: 'fixed_cart',
      test_mode: false,
      agent_access_enabled: false,
      agent_rest_enabled: true,
    });
    const updated = await call('POST', '/settings', admin, {
      abandonment_timeout: 60,
      agent_access_enabled: true,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      abandonment_timeout: 60,
      agent_access_enabled: true,
      capture_enabled: true,
    });
    await call('POST', '/settings', admin, { abandonment_timeout: 30, agent_access_enabled: false });
  });

  it('should refuse a shop manager any agent gate with 403 naming it, and change nothing', async () => {
    const before = (await call('GET', '/settings', admin)).json();
    for (const body of [
      { agent_sensitive_enabled: true, agent_destructive_enabled: true },
      { abandonment_timeout: 45, agent_access_enabled: false },
      { agent_write_enabled: before.agent_write_enabled },
    ]) {
      const r = await call('POST', '/settings', manager, body);
      expect(r.statusCode, JSON.stringify(body)).toBe(403);
      expect(r.json().code).toBe('rest_forbidden');
      expect(r.json().message).toContain('cartrecovery_agent_manage_access');
      expect(r.json().data.gates).toEqual(Object.keys(body).filter((k) => k.startsWith('agent_')));
    }
    // Checked before validation, like the route's own permission check.
    const invalid = await call('POST', '/settings', manager, { agent_rest_enabled: 'yes', nope: 1 });
    expect(invalid.statusCode).toBe(403);
    expect((await call('GET', '/settings', admin)).json()).toEqual(before);
    const safe = await call('POST', '/settings', manager, { abandonment_timeout: 45 });
    expect(safe.statusCode).toBe(200);
    expect(safe.json()).toMatchObject({ abandonment_timeout: 45, agent_sensitive_enabled: false });
    const opened = await call('POST', '/settings', admin, { agent_sensitive_enabled: true });
    expect(opened.statusCode).toBe(200);
    await call('POST', '/settings', admin, { abandonment_timeout: 30, agent_sensitive_enabled: false });
  });

  it('should refuse out-of-range or unknown settings with 400 and change nothing', async () => {
    for (const body of [
      { abandonment_timeout: 4 },
      { abandonment_timeout: 1441 },
      { data_retention_days: 91 },
      { coupon_type: 'bogus' },
      { nope: 1 },
      { coupon_type: 'percent', coupon_amount: 150 },
    ]) {
      const r = await call('POST', '/settings', admin, body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      expect(r.json().code).toBe('rest_invalid_param');
    }
    expect((await call('GET', '/settings', admin)).json()).toMatchObject({
      abandonment_timeout: 30,
      coupon_type: 'fixed_cart',
    });
  });

  it('should keep the three steps ordered: 45 min, 24 h, 72 h by default, merged by position', async () => {
    const campaign = (await call('GET', '/campaign', admin)).json();
    expect(campaign.enabled).toBe(true);
    expect(campaign.steps.map((s: { delay_minutes: number }) => s.delay_minutes)).toEqual([45, 1440, 4320]);
    expect(campaign.steps.map((s: { coupon_enabled: boolean }) => s.coupon_enabled)).toEqual([
      false,
      false,
      true,
    ]);
    const changed = await call('POST', '/campaign', admin, {
      steps: [{ delay_minutes: 60 }, {}, { subject: 'Final call' }],
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().steps[0].delay_minutes).toBe(60);
    expect(changed.json().steps[2].subject).toBe('Final call');
    const unordered = await call('POST', '/campaign', admin, { steps: [{ delay_minutes: 2000 }, {}, {}] });
    expect(unordered.statusCode).toBe(400);
    expect(unordered.json().data.errors['steps[1].delay_minutes']).toHaveProperty('order');
    expect(
      (await call('POST', '/campaign', admin, { steps: [{ delay_minutes: 10 }, {}, {}] })).statusCode,
    ).toBe(400);
    expect((await call('POST', '/campaign', admin, { steps: [{}, {}] })).statusCode).toBe(400);
  });
});

describe('GET /analytics', () => {
  it('should answer 7, 30 and 90 days and refuse anything else with 400', async () => {
    for (const days of [7, 30, 90]) {
      const r = await call('GET', `/analytics?days=${days}`, manager);
      expect(r.statusCode).toBe(200);
      expect(r.json()).toMatchObject({
        period_days: days,
        recovery_rate: 0,
        revenue_by_step: { '1': 0, '2': 0, '3': 0 },
      });
    }
    expect((await call('GET', '/analytics', manager)).json().period_days).toBe(30);
    for (const bad of ['14', '0', 'abc', '7.5'])
      expect((await call('GET', `/analytics?days=${bad}`, manager)).statusCode).toBe(400);
  });

  it('should serve the cached result until a change invalidates it', async () => {
    const before = (await call('GET', '/analytics?days=7', admin)).json();
    clock.advance(1000);
    expect((await call('GET', '/analytics?days=7', admin)).json().generated_at).toBe(before.generated_at);
    await capture(
      t,
      {
        email: 'count@example.com',
        consent: true,
        cart: [{ product_id: mug, quantity: 1 }],
        source: 'classic',
      },
      { ip: '10.3.0.1' },
    );
    const after = (await call('GET', '/analytics?days=7', admin)).json();
    expect(after.tracked).toBe(before.tracked + 1);
  });
});

describe('license routes', () => {
  it('should activate through the license server and never show the key whole', async () => {
    const r = await call('POST', '/license/activate', admin, { license_key: KEY });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().license).toMatchObject({
      status: 'active',
      key: `${'*'.repeat(KEY.length - 4)}5678`,
      slug: 'cartrecovery-pro',
    });
    expect(license.calls.at(-1)?.body).toMatchObject({
      license_key: KEY,
      slug: 'cartrecovery-pro',
      domain: 'shop.test',
    });
    const status = await call('GET', '/license/status', admin);
    expect(status.body).not.toContain(KEY);
    expect(status.json().license.status).toBe('active');
    const stored = await t.ctx.db
      .selectFrom('options')
      .select('value')
      .where('name', '=', 'cartrecovery_license')
      .executeTakeFirstOrThrow();
    expect(stored.value).not.toContain(KEY);
  });

  it('should fail closed when the key is refused or the server is down, keeping what was stored', async () => {
    const refused = await call('POST', '/license/activate', admin, { license_key: 'UNKNOWN-KEY' });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).not.toContain('UNKNOWN-KEY');
    license.outage = true;
    try {
      const down = await call('POST', '/license/activate', admin, { license_key: KEY });
      expect(down.statusCode).toBe(502);
      // The daily re-check fails open: the stored status stays active.
      expect((await new LicenseService(crOf(t)).recheck()).status).toBe('active');
    } finally {
      license.outage = false;
    }
    expect((await call('GET', '/license/status', admin)).json().license.status).toBe('active');
    expect((await call('POST', '/license/activate', admin, {})).statusCode).toBe(400);
  });

  it('should forget the local license on deactivate', async () => {
    const r = await call('POST', '/license/deactivate', admin);
    expect(r.json()).toEqual({
      success: true,
      license: {
        status: 'inactive',
        key: null,
        slug: 'cartrecovery-pro',
        expires_at: null,
        activated_at: null,
        last_checked_at: null,
        last_check_message: null,
      },
    });
  });
});

describe('test tools', () => {
  it('should refuse /test/trigger with 400 test_mode_disabled while Test Mode is off', async () => {
    const r = await call('POST', '/test/trigger', admin);
    expect(r.statusCode).toBe(400);
    expect(r.json().code).toBe('test_mode_disabled');
  });

  it('should create an abandoned test session whose first e-mail goes out about 30 s later', async () => {
    await call('POST', '/settings', admin, { test_mode: true });
    const r = await call('POST', '/test/trigger', admin);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().message).toContain('30 seconds');
    const row = await t.ctx.db
      .selectFrom('cr_sessions')
      .selectAll()
      .where('session_id', '=', r.json().session_id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      status: 'abandoned',
      is_test: 1,
      email: 'boss@example.com',
      abandoned_at: null,
    });
    clock.advance(29_000);
    await t.ctx.jobs.runDue();
    expect(await outboxTo('boss@example.com')).toHaveLength(0);
    clock.advance(2000);
    await t.ctx.jobs.runDue();
    const mails = await outboxTo('boss@example.com');
    expect(mails).toHaveLength(1);
    expect(JSON.parse(mails[0].headers)['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    await call('POST', '/settings', admin, { test_mode: false });
  });

  it('should send a plain test e-mail or a step preview, and refuse a bad step or address', async () => {
    const plain = await call('POST', '/test/email', admin, {});
    expect(plain.json()).toMatchObject({
      success: true,
      message: 'A test e-mail was sent to boss@example.com.',
    });
    const preview = await call('POST', '/test/email', admin, { step: 3, email: 'preview@example.com' });
    expect(preview.statusCode).toBe(200);
    const [mail] = await outboxTo('preview@example.com');
    expect(mail.subject).toContain('[Preview]');
    expect(mail.text_body).toContain('CR-SAMPLE');
    expect((await call('POST', '/test/email', admin, { step: 4 })).statusCode).toBe(400);
    expect((await call('POST', '/test/email', admin, { email: 'nope' })).statusCode).toBe(400);
  });
});

describe('privacy export and erase', () => {
  it('should export every session of an address and erase them all', async () => {
    for (const n of [1, 2]) {
      const r = await capture(
        t,
        {
          email: 'Priv@Example.com',
          consent: true,
          cart: [{ product_id: mug, quantity: n }],
          source: 'block',
        },
        { ip: `10.3.1.${n}` },
      );
      expect(r.statusCode).toBe(201);
    }
    const exported = await call('GET', '/privacy/export?email=priv@example.com', admin);
    expect(exported.statusCode).toBe(200);
    expect(exported.json().sessions).toHaveLength(2);
    expect(exported.json().sessions[0]).toMatchObject({ email: 'priv@example.com', status: 'captured' });
    const erased = await call('POST', '/privacy/erase', admin, { email: 'priv@example.com' });
    expect(erased.json()).toEqual({ sessions_erased: 2, suppression_erased: false });
    expect((await call('GET', '/privacy/export?email=priv@example.com', admin)).json().sessions).toEqual([]);
    expect((await call('GET', '/privacy/export?email=not-an-email', admin)).statusCode).toBe(400);
  });

  it('should run the same export and erase from the CLI', async () => {
    await capture(
      t,
      { email: 'cli@example.com', consent: true, cart: [{ product_id: mug, quantity: 1 }], source: 'block' },
      { ip: '10.3.2.1' },
    );
    const commands = crCli();
    const lines: string[] = [];
    const print = (l: string) => lines.push(l);
    expect(
      await commands
        .find((c) => c.name.join(' ') === 'cart-recovery privacy export')!
        .run(crOf(t), { args: ['cli@example.com'], options: {}, print }),
    ).toBe(0);
    expect(JSON.parse(lines.join('\n')).sessions).toHaveLength(1);
    lines.length = 0;
    expect(
      await commands
        .find((c) => c.name.join(' ') === 'cart-recovery privacy erase')!
        .run(crOf(t), { args: ['cli@example.com'], options: {}, print }),
    ).toBe(0);
    expect(lines[0]).toBe('Erased 1 session(s).');
  });
});

describe('retention', () => {
  it('should delete open sessions and anonymise bought ones after data_retention_days, cancelling their jobs', async () => {
    const open = (
      await capture(
        t,
        {
          email: 'old@example.com',
          consent: true,
          cart: [{ product_id: mug, quantity: 1 }],
          source: 'block',
        },
        { ip: '10.3.3.1' },
      )
    ).json();
    const bought = (
      await capture(
        t,
        {
          email: 'old2@example.com',
          consent: true,
          cart: [{ product_id: mug, quantity: 1 }],
          source: 'block',
        },
        { ip: '10.3.3.2' },
      )
    ).json();
    await t.ctx.db
      .updateTable('cr_sessions')
      .set({ status: 'recovered', recovered_at: '2026-11-23 09:00:00', order_id: 999_001 })
      .where('session_id', '=', bought.session_id)
      .execute();
    clock.advance(31 * 86_400_000);
    const result = await crOf(t).ctx.jobs.runDue({ limit: 500 });
    expect(result).toBeGreaterThan(0);
    expect(
      await t.ctx.db
        .selectFrom('cr_sessions')
        .select('id')
        .where('session_id', '=', open.session_id)
        .executeTakeFirst(),
    ).toBeUndefined();
    const kept = await t.ctx.db
      .selectFrom('cr_sessions')
      .selectAll()
      .where('session_id', '=', bought.session_id)
      .executeTakeFirstOrThrow();
    expect(kept).toMatchObject({ email: '', email_hash: '', status: 'recovered' });
    expect(kept.anonymized_at).not.toBeNull();
    const pending = await t.ctx.jobs.list({
      status: 'pending',
      hook: 'cartrecovery.send_step',
      offset: 0,
      limit: 100,
    });
    expect(pending.total).toBe(0);
  });
});

async function outboxTo(address: string) {
  return t.ctx.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', address).execute();
}

function crCli() {
  return cartRecoveryExtension.cli!;
}
