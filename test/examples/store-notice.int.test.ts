import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPIRE_NOTICE_JOB } from '../../examples/store-notice/expiry/expiry.jobs.js';
import { storeNoticeExtension } from '../../examples/store-notice/store-notice.extension.js';
import { allExtensions } from '../../src/extensions/index.js';
import type { AdminBoot } from '../../src/platform/admin-pages/admin-boot.schemas.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

// The example extension of docs/extending.md, added to the four this build ships: its route, its setting, its
// storefront part, its job and its admin module, each through the real app.
let t: TestApp;
let admin: Record<string, string>;
let customer: Record<string, string>;

const SETTINGS = '/wp-json/storenotice/v1/settings';

beforeAll(async () => {
  t = await createTestApp({ options: { extensions: [...allExtensions, storeNoticeExtension] } });
  admin = (await t.login({ username: 'admin', password: 'admin-password-1' })).headers;
  customer = (await t.login(await t.createUser({ role: 'customer' }))).headers;
});
afterAll(async () => t.close());

async function save(patch: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: SETTINGS, headers: admin, payload: patch });
}

async function storefrontHome(): Promise<string> {
  const r = await t.app.inject({ method: 'GET', url: '/' });
  expect(r.statusCode).toBe(200);
  return r.body;
}

describe('GET and POST /storenotice/v1/settings', () => {
  it('should refuse an anonymous caller with 401 and a customer with 403', async () => {
    expect((await t.app.inject({ method: 'GET', url: SETTINGS })).statusCode).toBe(401);
    const refused = await t.app.inject({ method: 'POST', url: SETTINGS, headers: customer, payload: {} });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('rest_forbidden');
  });

  it('should refuse an administrator without a nonce with 401', async () => {
    const r = await t.app.inject({ method: 'GET', url: SETTINGS, headers: { cookie: admin.cookie! } });
    expect(r.statusCode).toBe(401);
  });

  it('should answer the defaults before anything was saved', async () => {
    const r = await t.app.inject({ method: 'GET', url: SETTINGS, headers: admin });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ enabled: false, message: '', ends_on: null });
  });

  it('should refuse bad input with 400 per field and change nothing', async () => {
    const tooLong = await save({ message: 'x'.repeat(201) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ code: 'rest_invalid_param', data: { status: 400 } });
    expect(tooLong.json().data.params).toHaveProperty('message');
    expect((await save({ ends_on: 'next week' })).statusCode).toBe(400);
    expect((await save({ enabled: 'yes please' })).statusCode).toBe(400);
    const r = await t.app.inject({ method: 'GET', url: SETTINGS, headers: admin });
    expect(r.json()).toEqual({ enabled: false, message: '', ends_on: null });
  });

  it('should save some settings, keep the others, and answer them all', async () => {
    const r = await save({ message: 'Free shipping this week' });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ enabled: false, message: 'Free shipping this week', ends_on: null });
  });
});

describe('the storefront notice', () => {
  it('should show the message, escaped, on storefront pages only while it is enabled', async () => {
    await save({ enabled: false, message: 'Sale <b>now</b>' });
    expect(await storefrontHome()).not.toContain('store-notice');
    await save({ enabled: true });
    const page = await storefrontHome();
    expect(page).toContain(
      '<div class="notice info store-notice" role="status">Sale &lt;b&gt;now&lt;/b&gt;</div>',
    );
  });
});

describe('the expiry job', () => {
  it('should be scheduled at start', async () => {
    const row = await t.ctx.db
      .selectFrom('jobs')
      .select('hook')
      .where('hook', '=', EXPIRE_NOTICE_JOB)
      .executeTakeFirst();
    expect(row?.hook).toBe(EXPIRE_NOTICE_JOB);
  });

  it('should keep the notice through its last day and switch it off after', async () => {
    const today = t.ctx.clock.now().toISOString().slice(0, 10);
    await save({ enabled: true, message: 'Closing sale', ends_on: today });
    await t.ctx.jobs.schedule({ hook: EXPIRE_NOTICE_JOB });
    await t.ctx.jobs.runDue();
    expect((await t.app.inject({ method: 'GET', url: SETTINGS, headers: admin })).json().enabled).toBe(true);

    await save({ ends_on: '2000-01-01' });
    await t.ctx.jobs.schedule({ hook: EXPIRE_NOTICE_JOB });
    await t.ctx.jobs.runDue();
    const after = (await t.app.inject({ method: 'GET', url: SETTINGS, headers: admin })).json();
    expect(after).toEqual({ enabled: false, message: 'Closing sale', ends_on: '2000-01-01' });
    expect(await storefrontHome()).not.toContain('store-notice');
  });
});

describe('the admin module', () => {
  it('should be announced in the boot object with the capability its manifest declares', async () => {
    const r = await t.app.inject({
      method: 'GET',
      url: '/wp-admin/store-notice',
      headers: { cookie: admin.cookie! },
    });
    expect(r.statusCode).toBe(200);
    const match = r.body.match(/<script type="application\/json" id="storeside-boot">(.*?)<\/script>/s);
    const boot = JSON.parse(match![1]!) as AdminBoot;
    expect(boot.modules).toContainEqual({ name: 'store_notice', capability: 'manage_store_notice' });
    expect(boot.capabilities).toContain('manage_store_notice');
  });
});
