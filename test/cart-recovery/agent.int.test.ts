import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/test-app.js';
import { capture, createCrApp, createProduct, setSettings } from './cr-helpers.js';

let t: TestApp;
let adminCookie: Record<string, string>;
let mug: number;
const H: Record<string, Record<string, string>> = {};
let seq = 0;

const GATES_OFF = {
  agent_access_enabled: true,
  agent_rest_enabled: true,
  agent_write_enabled: false,
  agent_contact_enabled: false,
  agent_sensitive_enabled: false,
  agent_destructive_enabled: false,
};

beforeAll(async () => {
  t = await createCrApp();
  const admin = await t.createUser({ role: 'administrator' });
  adminCookie = (await t.login(admin)).headers;
  H.admin = await t.appPasswordHeader(admin);
  H.manager = await t.appPasswordHeader(await t.createUser({ role: 'shop_manager' }));
  H.customer = await t.appPasswordHeader(await t.createUser({ role: 'customer' }));
  H.anonymous = {};
  mug = await createProduct(t, adminCookie, { name: 'Mug', price: '5.00' });
  await setSettings(t, adminCookie, GATES_OFF);
  for (const scopes of [
    ['read'],
    ['read', 'write'],
    ['contact'],
    ['destructive'],
    ['read', 'sensitive'],
    ['manage_tokens'],
    ['manage_access'],
  ]) {
    const r = await agent('POST', '/agent/tokens', H.admin, { name: scopes.join('+'), scopes });
    expect(r.statusCode).toBe(201);
    H[`bearer:${scopes.join('+')}`] = { authorization: `Bearer ${r.json().token}` };
  }
});
afterAll(async () => t.close());
beforeEach(async () => setSettings(t, adminCookie, GATES_OFF));

function agent(method: string, path: string, headers: Record<string, string>, payload?: unknown) {
  return t.app.inject({
    method: method as 'GET',
    url: `/wp-json/cartrecovery/v1${path}`,
    headers,
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
}

/** A new capture (captured) and its public id. */
async function newSession(): Promise<string> {
  const r = await capture(
    t,
    {
      email: `agent${++seq}@example.com`,
      consent: true,
      cart: [{ product_id: mug, quantity: 1 }],
      source: 'classic',
    },
    { ip: `10.5.${Math.floor(seq / 200)}.${seq % 200}` },
  );
  return r.json().session_id as string;
}

type Row = {
  who: string;
  method: string;
  path: string | ((id: string) => string);
  body?: unknown;
  gates?: Record<string, boolean>;
  status: number;
  code?: string;
};

const actions = (action: string, extra: Record<string, unknown> = {}) => ({ action, ...extra });
const rows: Row[] = [
  { who: 'anonymous', method: 'GET', path: '/agent/manifest', status: 401 },
  { who: 'customer', method: 'GET', path: '/agent/sessions', status: 403, code: 'rest_forbidden' },
  {
    who: 'admin',
    method: 'GET',
    path: '/agent/manifest',
    gates: { agent_access_enabled: false },
    status: 403,
    code: 'cartrecovery_agent_disabled',
  },
  {
    who: 'admin',
    method: 'GET',
    path: '/agent/sessions',
    gates: { agent_rest_enabled: false },
    status: 403,
    code: 'cartrecovery_agent_disabled',
  },
  {
    who: 'bearer:read',
    method: 'GET',
    path: '/agent/analytics',
    gates: { agent_access_enabled: false },
    status: 403,
    code: 'cartrecovery_agent_disabled',
  },
  { who: 'admin', method: 'GET', path: '/agent/manifest', status: 200 },
  { who: 'manager', method: 'GET', path: '/agent/sessions', status: 200 },
  { who: 'bearer:read', method: 'GET', path: '/agent/sessions', status: 200 },
  { who: 'bearer:read', method: 'GET', path: (id) => `/agent/sessions/${id}`, status: 200 },
  { who: 'bearer:read', method: 'GET', path: '/agent/analytics?days=90', status: 200 },
  {
    who: 'bearer:read',
    method: 'GET',
    path: '/agent/analytics?days=14',
    status: 400,
    code: 'rest_invalid_param',
  },
  { who: 'bearer:read', method: 'GET', path: '/agent/settings', status: 200 },
  { who: 'bearer:read', method: 'GET', path: '/agent/campaign', status: 200 },
  { who: 'bearer:read', method: 'GET', path: '/agent/audit-log', status: 200 },
  { who: 'bearer:contact', method: 'GET', path: '/agent/sessions', status: 403, code: 'rest_forbidden' },
  { who: 'bearer:read', method: 'GET', path: '/agent/tokens', status: 403, code: 'rest_forbidden' },
  { who: 'manager', method: 'GET', path: '/agent/tokens', status: 403, code: 'rest_forbidden' },
  { who: 'bearer:manage_tokens', method: 'GET', path: '/agent/tokens', status: 200 },
  {
    who: 'bearer:read',
    method: 'PATCH',
    path: '/agent/campaign',
    body: { enabled: false },
    gates: { agent_write_enabled: true },
    status: 403,
    code: 'rest_forbidden',
  },
  {
    who: 'bearer:read+write',
    method: 'PATCH',
    path: '/agent/campaign',
    body: { enabled: true },
    status: 403,
    code: 'cartrecovery_agent_disabled',
  },
  {
    who: 'bearer:read+write',
    method: 'PATCH',
    path: '/agent/campaign',
    body: { enabled: true },
    gates: { agent_write_enabled: true },
    status: 200,
  },
  {
    who: 'manager',
    method: 'PATCH',
    path: '/agent/settings',
    body: { abandonment_timeout: 45 },
    gates: { agent_write_enabled: true },
    status: 200,
  },
  {
    who: 'bearer:read+write',
    method: 'PATCH',
    path: '/agent/settings',
    body: { abandonment_timeout: 4 },
    gates: { agent_write_enabled: true },
    status: 400,
    code: 'rest_invalid_param',
  },
  {
    who: 'bearer:read+write',
    method: 'PATCH',
    path: '/agent/settings',
    body: { test_mode: true },
    gates: { agent_write_enabled: true },
    status: 400,
    code: 'rest_invalid_param',
  },
  {
    who: 'bearer:read+write',
    method: 'PATCH',
    path: '/agent/settings',
    body: { agent_contact_enabled: true },
    gates: { agent_write_enabled: true },
    status: 403,
    code: 'rest_forbidden',
  },
  {
    who: 'manager',
    method: 'PATCH',
    path: '/agent/settings',
    body: { agent_contact_enabled: true },
    status: 403,
    code: 'rest_forbidden',
  },
  {
    who: 'bearer:manage_access',
    method: 'PATCH',
    path: '/agent/settings',
    body: { agent_contact_enabled: false },
    status: 200,
  },
  {
    who: 'bearer:read',
    method: 'POST',
    path: (id) => `/agent/sessions/${id}/actions`,
    body: actions('mark_abandoned_now'),
    gates: { agent_write_enabled: true },
    status: 403,
    code: 'rest_forbidden',
  },
  {
    who: 'bearer:read+write',
    method: 'POST',
    path: (id) => `/agent/sessions/${id}/actions`,
    body: actions('mark_abandoned_now'),
    status: 403,
    code: 'cartrecovery_agent_disabled',
  },
  {
    who: 'bearer:read+write',
    method: 'POST',
    path: (id) => `/agent/sessions/${id}/actions`,
    body: actions('mark_abandoned_now'),
    gates: { agent_write_enabled: true },
    status: 200,
  },
  {
    who: 'bearer:read+write',
    method: 'POST',
    path: (id) => `/agent/sessions/${id}/actions`,
    body: actions('fly_away'),
    gates: { agent_write_enabled: true },
    status: 400,
    code: 'rest_invalid_param',
  },
  {
    who: 'bearer:contact',
    method: 'POST',
    path: (id) => `/agent/sessions/${id}/actions`,
    body: actions('cancel_pending_emails'),
    status: 403,
    code: 'cartrecovery_agent_disabled',
  },
  {
    who: 'bearer:contact',
    method: 'POST',
    path: (id) => `/agent/sessions/${id}/actions`,
    body: actions('cancel_pending_emails'),
    gates: { agent_contact_enabled: true },
    status: 200,
  },
  {
    who: 'manager',
    method: 'POST',
    path: (id) => `/agent/sessions/${id}/actions`,
    body: actions('cancel_pending_emails'),
    gates: { agent_contact_enabled: true },
    status: 200,
  },
  {
    who: 'bearer:read+write',
    method: 'POST',
    path: (id) => `/agent/sessions/${id}/actions`,
    body: actions('send_email_step_now', { step: 1 }),
    gates: { agent_contact_enabled: true, agent_write_enabled: true },
    status: 403,
    code: 'rest_forbidden',
  },
  {
    who: 'bearer:contact',
    method: 'POST',
    path: (id) => `/agent/sessions/${id}/actions`,
    body: actions('send_email_step_now', { step: 1 }),
    gates: { agent_contact_enabled: true },
    status: 409,
    code: 'cartrecovery_invalid_state',
  },
  {
    who: 'manager',
    method: 'POST',
    path: (id) => `/agent/sessions/${id}/actions`,
    body: actions('expire_session'),
    gates: { agent_destructive_enabled: true },
    status: 403,
    code: 'rest_forbidden',
  },
  {
    who: 'admin',
    method: 'POST',
    path: (id) => `/agent/sessions/${id}/actions`,
    body: actions('expire_session'),
    status: 403,
    code: 'cartrecovery_agent_disabled',
  },
  {
    who: 'admin',
    method: 'POST',
    path: (id) => `/agent/sessions/${id}/actions`,
    body: actions('expire_session'),
    gates: { agent_destructive_enabled: true },
    status: 200,
  },
  {
    who: 'bearer:destructive',
    method: 'POST',
    path: (id) => `/agent/sessions/${id}/actions`,
    body: actions('delete_session'),
    gates: { agent_destructive_enabled: true },
    status: 200,
  },
  {
    who: 'bearer:destructive',
    method: 'POST',
    path: '/agent/sessions/nope/actions',
    body: actions('delete_session'),
    gates: { agent_destructive_enabled: true },
    status: 404,
  },
  {
    who: 'manager',
    method: 'POST',
    path: '/agent/tokens',
    body: { name: 'x', scopes: ['read'] },
    status: 403,
    code: 'rest_forbidden',
  },
  {
    who: 'bearer:manage_tokens',
    method: 'POST',
    path: '/agent/tokens',
    body: { name: 'wider', scopes: ['read'] },
    status: 403,
    code: 'rest_forbidden',
  },
  {
    who: 'bearer:manage_tokens',
    method: 'POST',
    path: '/agent/tokens',
    body: { name: 'same', scopes: ['manage_tokens'] },
    status: 201,
  },
  {
    who: 'admin',
    method: 'POST',
    path: '/agent/tokens',
    body: { name: 'bad', scopes: ['fly'] },
    status: 400,
    code: 'rest_invalid_param',
  },
  { who: 'admin', method: 'DELETE', path: '/agent/tokens/0000000000000000', status: 404 },
];

describe('agent permissions (gates × capabilities × scopes)', () => {
  it.each(
    rows.map((r) => [
      `${r.who} ${r.method} ${typeof r.path === 'string' ? r.path : r.path(':id')} ${JSON.stringify(r.body ?? '')} ${JSON.stringify(r.gates ?? {})} → ${r.status}`,
      r,
    ]),
  )('should answer %s', async (_name, row) => {
    const r0 = row as Row;
    if (r0.gates) await setSettings(t, adminCookie, r0.gates);
    const path = typeof r0.path === 'string' ? r0.path : r0.path(await newSession());
    const r = await agent(r0.method, path, H[r0.who], r0.body);
    expect(r.statusCode, r.body).toBe(r0.status);
    if (r0.code) expect(r.json().code).toBe(r0.code);
  });
});

describe('agent bearer tokens', () => {
  it('should show the token once and list it without its secret', async () => {
    const created = await agent('POST', '/agent/tokens', H.admin, {
      name: 'ci',
      scopes: ['read'],
      expires_in_days: 30,
    });
    expect(created.statusCode).toBe(201);
    const body = created.json();
    expect(body.token).toMatch(/^crat_[0-9a-f]{16}_[0-9a-f]{64}$/);
    expect(body.token.split('_')[1]).toBe(body.public_id);
    expect(body.expires_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const list = await agent('GET', '/agent/tokens?per_page=100', H.admin);
    expect(list.headers['x-wp-total']).toBeDefined();
    expect(list.body).not.toContain(body.token.split('_')[2]);
    const listed = list.json().find((x: { public_id: string }) => x.public_id === body.public_id);
    expect(listed).toMatchObject({ name: 'ci', scopes: ['read'], status: 'active', last_used_at: null });
    const stored = await t.ctx.db
      .selectFrom('cr_agent_tokens')
      .select('secret_hash')
      .where('public_id', '=', body.public_id)
      .executeTakeFirstOrThrow();
    expect(stored.secret_hash).not.toContain(body.token.split('_')[2]);
  });

  it('should record the last use, and refuse a revoked or expired token with 401', async () => {
    const created = (
      await agent('POST', '/agent/tokens', H.admin, { name: 'short', scopes: ['read'], expires_in_days: 1 })
    ).json();
    const bearer = { authorization: `Bearer ${created.token}` };
    expect((await agent('GET', '/agent/manifest', bearer)).statusCode).toBe(200);
    const used = await t.ctx.db
      .selectFrom('cr_agent_tokens')
      .select('last_used_at')
      .where('public_id', '=', created.public_id)
      .executeTakeFirstOrThrow();
    expect(used.last_used_at).not.toBeNull();
    await t.ctx.db
      .updateTable('cr_agent_tokens')
      .set({ expires_at: '2000-01-01 00:00:00' })
      .where('public_id', '=', created.public_id)
      .execute();
    const expired = await agent('GET', '/agent/manifest', bearer);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().code).toBe('rest_invalid_token');
    const other = (await agent('POST', '/agent/tokens', H.admin, { name: 'gone', scopes: ['read'] })).json();
    const revoke = await agent('DELETE', `/agent/tokens/${other.public_id}`, H.admin);
    expect(revoke.json()).toMatchObject({ revoked: true, token: { status: 'revoked' } });
    expect(
      (await agent('GET', '/agent/manifest', { authorization: `Bearer ${other.token}` })).statusCode,
    ).toBe(401);
    expect((await agent('GET', '/agent/manifest', { authorization: 'Bearer crat_nothing' })).statusCode).toBe(
      401,
    );
  });

  it('should let an expiring bearer token mint only tokens that expire no later than it', async () => {
    const parent = (
      await agent('POST', '/agent/tokens', H.admin, {
        name: 'week',
        scopes: ['read', 'manage_tokens'],
        expires_in_days: 7,
      })
    ).json();
    const bearer = { authorization: `Bearer ${parent.token}` };
    for (const body of [
      { name: 'forever', scopes: ['read'] },
      { name: 'longer', scopes: ['read'], expires_in_days: 8 },
    ]) {
      const refused = await agent('POST', '/agent/tokens', bearer, body);
      expect(refused.statusCode, body.name).toBe(403);
      expect(refused.json().code).toBe('rest_forbidden');
      expect(refused.json().message).toContain(parent.expires_at);
    }
    const shorter = await agent('POST', '/agent/tokens', bearer, {
      name: 'day',
      scopes: ['read'],
      expires_in_days: 1,
    });
    expect(shorter.statusCode).toBe(201);
    // A token without expiry mints tokens of any lifetime (it is itself lasting).
    const lasting = await agent('POST', '/agent/tokens', H['bearer:manage_tokens'], {
      name: 'from lasting',
      scopes: ['manage_tokens'],
    });
    expect(lasting.statusCode).toBe(201);
    expect(lasting.json().expires_at).toBeNull();
  });

  it('should authenticate nobody with a bearer token outside the agent routes', async () => {
    const created = (
      await agent('POST', '/agent/tokens', H.admin, {
        name: 'all',
        scopes: ['read', 'write', 'manage_tokens'],
      })
    ).json();
    const bearer = { authorization: `Bearer ${created.token}` };
    const settings = await agent('GET', '/settings', bearer);
    expect(settings.statusCode).toBe(401);
    const me = await t.app.inject({ method: 'GET', url: '/wp-json/wp/v2/users/me', headers: bearer });
    expect(me.statusCode).toBe(401);
  });
});

describe('agent session view and actions', () => {
  it('should mask personal data unless the caller has sensitive access and the gate is on', async () => {
    const id = await newSession();
    const masked = (await agent('GET', `/agent/sessions/${id}`, H['bearer:read+sensitive'])).json();
    expect(masked.email).toMatch(/^ag\*\*\*@example\.com$/);
    expect(masked.cart.items).toBeNull();
    expect(masked.sensitive).toBe(false);
    await setSettings(t, adminCookie, { agent_sensitive_enabled: true });
    const raw = (await agent('GET', `/agent/sessions/${id}`, H['bearer:read+sensitive'])).json();
    expect(raw.email).toMatch(/^agent\d+@example\.com$/);
    expect(raw.cart.items).toHaveLength(1);
    const manager = (await agent('GET', `/agent/sessions/${id}`, H.manager)).json();
    expect(manager.email).toContain('***');
    expect(raw.events.map((e: { type: string }) => e.type)).toContain('captured');
  });

  it('should list sessions with pagination headers and a status filter', async () => {
    await newSession();
    const r = await agent('GET', '/agent/sessions?per_page=1&status=captured', H.admin);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toHaveLength(1);
    expect(Number(r.headers['x-wp-total'])).toBeGreaterThan(1);
    expect(r.headers.link).toContain('rel="next"');
    expect((await agent('GET', '/agent/sessions?status=lost', H.admin)).statusCode).toBe(400);
  });

  it('should send a step now once, then refuse the same step with 409', async () => {
    await setSettings(t, adminCookie, { agent_write_enabled: true, agent_contact_enabled: true });
    const id = await newSession();
    expect(
      (await agent('POST', `/agent/sessions/${id}/actions`, H.admin, { action: 'mark_abandoned_now' }))
        .statusCode,
    ).toBe(200);
    const sent = await agent('POST', `/agent/sessions/${id}/actions`, H.admin, {
      action: 'send_email_step_now',
      step: 2,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().detail).toMatchObject({ step: 2, result: 'sent' });
    const step2 = sent.json().session.emails.find((e: { step: number }) => e.step === 2);
    expect(step2).toMatchObject({ status: 'sent', attempts: 1, trigger: 'agent' });
    const again = await agent('POST', `/agent/sessions/${id}/actions`, H.admin, {
      action: 'send_email_step_now',
      step: 2,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('cartrecovery_step_already_sent');
    const missing = await agent('POST', `/agent/sessions/${id}/actions`, H.admin, {
      action: 'send_email_step_now',
    });
    expect(missing.statusCode).toBe(400);
    const cancel = await agent('POST', `/agent/sessions/${id}/actions`, H.admin, {
      action: 'cancel_pending_emails',
    });
    expect(cancel.json().detail.canceled).toBe(2);
  });

  it('should audit every agent call, redacted, newest first', async () => {
    const secretName = 'owner@secret.example';
    await agent('POST', '/agent/tokens', H.admin, { name: secretName, scopes: ['read'] });
    await agent('GET', '/agent/sessions', H.customer);
    const log = await agent('GET', '/agent/audit-log?per_page=5', H.admin);
    expect(log.statusCode).toBe(200);
    // The audit-log read itself is recorded after its own reply is built.
    const [denied, created] = log.json();
    expect(denied).toMatchObject({ method: 'GET', route: '/agent/sessions', status: 403, result: 'denied' });
    expect(created).toMatchObject({
      method: 'POST',
      route: '/agent/tokens',
      status: 201,
      principal: { type: 'app_password' },
    });
    expect(JSON.stringify(log.json())).not.toContain(secretName);
    expect(JSON.stringify(log.json())).not.toMatch(/crat_[0-9a-f]{16}_[0-9a-f]{64}/);
  });

  it('should describe every route, action, scope and the gate state in the manifest', async () => {
    const m = (await agent('GET', '/agent/manifest', H['bearer:read'])).json();
    expect(m.routes).toHaveLength(13);
    expect(m.actions.map((a: { name: string }) => a.name)).toEqual([
      'mark_abandoned_now',
      'cancel_pending_emails',
      'send_email_step_now',
      'expire_session',
      'delete_session',
    ]);
    expect(m.scopes).toHaveLength(7);
    expect(m.gates).toMatchObject({ agent_access_enabled: true, agent_write_enabled: false });
    expect(m.caller).toMatchObject({ principal: 'bearer', scopes: ['read'], sees_sensitive_data: false });
    expect(
      m.routes.find(
        (r: { path: string; method: string }) => r.method === 'PATCH' && r.path === '/agent/campaign',
      ).allowed,
    ).toBe(false);
  });
});
