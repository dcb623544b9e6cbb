import { Type } from '@sinclair/typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineExtension } from '../../src/extensions/define-extension.js';
import { hashToken } from '../../src/platform/security/hashing.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

// A sample extension whose routes exercise each policy (capability + nonce always, cookie, public).
const sample = defineExtension({
  name: 'sample',
  migrations: {},
  namespaces: [{ namespace: 'sample/v1', validationStatus: 422 }],
  capabilities: { manage_sample: ['administrator'] },
  services: (ctx) => ({ ctx }),
  routes(app) {
    app.post(
      '/sample/v1/protected',
      {
        config: { auth: { access: 'capability', capability: 'manage_sample', nonce: 'always' } },
        schema: { body: Type.Object({ amount: Type.Integer({ minimum: 1 }) }) },
      },
      async (request) => ({ ok: true, amount: request.body.amount }),
    );
    app.get(
      '/sample/v1/report',
      { config: { auth: { access: 'capability', capability: 'manage_sample', nonce: 'cookie' } } },
      async (request) => ({
        ok: true,
        via: request.principal.kind === 'user' ? request.principal.via : null,
      }),
    );
    app.get(
      '/sample/v1/mine',
      { config: { auth: { access: 'user', nonce: 'cookie' } } },
      async (request) => ({
        kind: request.principal.kind,
      }),
    );
  },
});

let t: TestApp;
let admin: Awaited<ReturnType<TestApp['createUser']>>;
let customer: Awaited<ReturnType<TestApp['createUser']>>;

beforeAll(async () => {
  t = await createTestApp({ options: { extensions: [sample] } });
  admin = await t.createUser({ role: 'administrator' });
  customer = await t.createUser({ role: 'customer' });
});
afterAll(async () => t.close());

describe('auth matrix on a capability + always-nonce route', () => {
  const call = (headers: Record<string, string>, payload: unknown = { amount: 3 }) =>
    t.app.inject({
      method: 'POST',
      url: '/wp-json/sample/v1/protected',
      headers,
      payload: payload as object,
    });

  it('should refuse anonymous callers with 401 before validating', async () => {
    const r = await call({}, { amount: 'x' });
    expect(r.statusCode).toBe(401);
    expect(r.json().code).toBe('rest_cookie_invalid_nonce');
  });

  it('should accept an administrator with cookie and nonce, and send a fresh nonce back', async () => {
    const s = await t.login(admin);
    const r = await call(s.headers);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ ok: true, amount: 3 });
    expect(r.headers['x-wp-nonce']).toMatch(/^[0-9a-f]{10}$/);
  });

  it('should refuse an administrator cookie without a nonce with 401', async () => {
    const s = await t.login(admin);
    const r = await call({ cookie: s.cookie });
    expect(r.statusCode).toBe(401);
    expect(r.json().code).toBe('rest_cookie_invalid_nonce');
  });

  it('should refuse a forged nonce with 401', async () => {
    const s = await t.login(admin);
    const r = await call({ cookie: s.cookie, 'x-wp-nonce': '0123456789' });
    expect(r.statusCode).toBe(401);
  });

  it('should refuse a customer with cookie and nonce with 403', async () => {
    const s = await t.login(customer);
    const r = await call(s.headers);
    expect(r.statusCode).toBe(403);
    expect(r.json().code).toBe('rest_forbidden');
  });

  it('should accept an application password plus the nonce from /auth/v1/nonce', async () => {
    const basic = await t.appPasswordHeader(admin);
    const n = await t.app.inject({ method: 'GET', url: '/wp-json/auth/v1/nonce', headers: basic });
    expect(n.statusCode).toBe(200);
    const r = await call({ ...basic, 'x-wp-nonce': n.json().nonce });
    expect(r.statusCode).toBe(200);
  });

  it('should refuse a wrong application password with 401 incorrect_password', async () => {
    const basic = {
      authorization: `Basic ${Buffer.from(`${admin.username}:abcd abcd abcd abcd abcd abcd`).toString('base64')}`,
    };
    const r = await call(basic);
    expect(r.statusCode).toBe(401);
    expect(r.json().code).toBe('incorrect_password');
  });

  it('should answer validation failures with 422 in a 422 namespace, naming field and rule', async () => {
    const s = await t.login(admin);
    const r = await call(s.headers, { amount: 0 });
    expect(r.statusCode).toBe(422);
    const body = r.json();
    expect(body.code).toBe('rest_invalid_param');
    expect(body.data.errors).toEqual({ amount: { min: expect.any(String) } });
    expect(typeof body.data.params.amount).toBe('string');
  });
});

describe('cookie policy routes', () => {
  it('should treat a cookie without a nonce as logged out (WordPress)', async () => {
    const s = await t.login(customer);
    const r = await t.app.inject({
      method: 'GET',
      url: '/wp-json/sample/v1/mine',
      headers: { cookie: s.cookie },
    });
    expect(r.statusCode).toBe(401);
    expect(r.json().code).toBe('rest_not_logged_in');
  });

  it('should answer users/me in the view context by default and the edit context on request (WordPress)', async () => {
    const s = await t.login(customer);
    const view = (
      await t.app.inject({ method: 'GET', url: '/wp-json/wp/v2/users/me', headers: s.headers })
    ).json();
    expect(Object.keys(view).sort()).toEqual([
      'avatar_urls',
      'description',
      'id',
      'link',
      'meta',
      'name',
      'slug',
      'url',
    ]);
    expect(view.avatar_urls['96']).toMatch(/^https:\/\/secure\.gravatar\.com\/avatar\/[0-9a-f]{32}\?s=96/);
    const edit = (
      await t.app.inject({ method: 'GET', url: '/wp-json/wp/v2/users/me?context=edit', headers: s.headers })
    ).json();
    expect(edit).toMatchObject({
      id: customer.id,
      email: customer.email,
      roles: ['customer'],
      capabilities: { read: true },
    });
    const bad = await t.app.inject({
      method: 'GET',
      url: '/wp-json/wp/v2/users/me?context=admin',
      headers: s.headers,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('should serve users/me by cookie + nonce, and by application password without a nonce', async () => {
    const s = await t.login(customer);
    const r1 = await t.app.inject({
      method: 'GET',
      url: '/wp-json/wp/v2/users/me?context=edit',
      headers: s.headers,
    });
    expect(r1.statusCode).toBe(200);
    expect(r1.json()).toMatchObject({ id: customer.id, username: customer.username, roles: ['customer'] });
    const basic = await t.appPasswordHeader(customer);
    const r2 = await t.app.inject({ method: 'GET', url: '/wp-json/wp/v2/users/me', headers: basic });
    expect(r2.statusCode).toBe(200);
  });

  it('should refuse a wrong login password with 401 and lock out after 5 failures with 429 + Retry-After', async () => {
    const target = await t.createUser();
    for (let i = 0; i < 5; i++) {
      const r = await t.app.inject({
        method: 'POST',
        url: '/wp-json/auth/v1/login',
        payload: { username: target.username, password: 'wrong-password' },
      });
      expect(r.statusCode).toBe(401);
    }
    const locked = await t.app.inject({
      method: 'POST',
      url: '/wp-json/auth/v1/login',
      payload: { username: target.username, password: target.password },
    });
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
  });
});

type Who = 'anonymous' | 'customer' | 'administrator';
type How = 'cookie+nonce' | 'cookie without nonce' | 'application password' | 'wrong password';

/** Request headers for one cell of the matrix. */
async function credentials(who: Who, how: How): Promise<Record<string, string>> {
  if (who === 'anonymous') {
    if (how === 'wrong password') return basicHeader('nobody-here', 'abcd abcd abcd abcd abcd abcd');
    return {};
  }
  const user = who === 'administrator' ? admin : customer;
  if (how === 'cookie+nonce') return (await t.login(user)).headers;
  if (how === 'cookie without nonce') return { cookie: (await t.login(user)).cookie };
  if (how === 'application password') return t.appPasswordHeader(user);
  return basicHeader(user.username, 'abcd abcd abcd abcd abcd abcd');
}

function basicHeader(login: string, password: string): Record<string, string> {
  return { authorization: `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}` };
}

describe('auth matrix on a capability route with the cookie nonce policy (WordPress core routes)', () => {
  const cases: Array<[Who, How, number, string | null]> = [
    ['anonymous', 'cookie+nonce', 401, 'rest_not_logged_in'],
    ['anonymous', 'wrong password', 401, 'invalid_username'],
    ['customer', 'cookie+nonce', 403, 'rest_forbidden'],
    ['customer', 'cookie without nonce', 401, 'rest_not_logged_in'],
    ['customer', 'application password', 403, 'rest_forbidden'],
    ['customer', 'wrong password', 401, 'incorrect_password'],
    ['administrator', 'cookie+nonce', 200, null],
    ['administrator', 'cookie without nonce', 401, 'rest_not_logged_in'],
    ['administrator', 'application password', 200, null],
    ['administrator', 'wrong password', 401, 'incorrect_password'],
  ];
  it.each(cases)('should answer %s with %s: %i %s', async (who, how, status, code) => {
    const r = await t.app.inject({
      method: 'GET',
      url: '/wp-json/sample/v1/report',
      headers: await credentials(who, how),
    });
    expect(r.statusCode).toBe(status);
    if (code) expect(r.json()).toMatchObject({ code, data: { status } });
    else expect(r.json().ok).toBe(true);
  });
});

describe('auth matrix on a capability route that always needs a nonce (the extension contracts)', () => {
  const cases: Array<[Who, How, number, string | null]> = [
    ['anonymous', 'cookie+nonce', 401, 'rest_cookie_invalid_nonce'],
    ['customer', 'cookie+nonce', 403, 'rest_forbidden'],
    ['customer', 'cookie without nonce', 401, 'rest_cookie_invalid_nonce'],
    ['customer', 'application password', 401, 'rest_cookie_invalid_nonce'],
    ['customer', 'wrong password', 401, 'incorrect_password'],
    ['administrator', 'cookie+nonce', 200, null],
    ['administrator', 'cookie without nonce', 401, 'rest_cookie_invalid_nonce'],
    ['administrator', 'application password', 401, 'rest_cookie_invalid_nonce'],
    ['administrator', 'wrong password', 401, 'incorrect_password'],
  ];
  it.each(cases)('should answer %s with %s: %i %s', async (who, how, status, code) => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/wp-json/sample/v1/protected',
      headers: await credentials(who, how),
      payload: { amount: 2 },
    });
    expect(r.statusCode).toBe(status);
    if (code) expect(r.json().code).toBe(code);
  });

  it('should refuse a nonce minted for another user or another session', async () => {
    const other = await t.login(customer);
    const mine = await t.login(admin);
    const r = await t.app.inject({
      method: 'POST',
      url: '/wp-json/sample/v1/protected',
      headers: { cookie: mine.cookie, 'x-wp-nonce': other.nonce },
      payload: { amount: 2 },
    });
    expect(r.statusCode).toBe(401);
    const again = await t.login(admin);
    const crossSession = await t.app.inject({
      method: 'POST',
      url: '/wp-json/sample/v1/protected',
      headers: { cookie: mine.cookie, 'x-wp-nonce': again.nonce },
      payload: { amount: 2 },
    });
    expect(crossSession.statusCode).toBe(401);
  });
});

describe('logout', () => {
  it('should end the session: the same cookie and nonce are refused right after', async () => {
    const s = await t.login(customer);
    const before = await t.app.inject({ method: 'GET', url: '/wp-json/wp/v2/users/me', headers: s.headers });
    expect(before.statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/wp-json/auth/v1/logout', headers: s.headers });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ success: true });
    expect(String(out.headers['set-cookie'])).toMatch(/storeside_logged_in=;/);
    const after = await t.app.inject({ method: 'GET', url: '/wp-json/wp/v2/users/me', headers: s.headers });
    expect(after.statusCode).toBe(401);
  });

  it('should refuse a logout without a valid nonce (a cross-site form) and keep the session and cookie', async () => {
    const s = await t.login(customer);
    for (const headers of [
      { cookie: s.cookie },
      { cookie: s.cookie, 'x-wp-nonce': '0123456789' },
      { cookie: s.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      {},
    ]) {
      const out = await t.app.inject({
        method: 'POST',
        url: '/wp-json/auth/v1/logout',
        headers,
        ...(headers['content-type'] ? { payload: 'a=1' } : {}),
      });
      expect(out.statusCode, JSON.stringify(headers)).toBe(401);
      expect(out.json().code).toMatch(/^rest_(not_logged_in|cookie_invalid_nonce)$/);
      expect(out.headers['set-cookie']).toBeUndefined();
    }
    const still = await t.app.inject({ method: 'GET', url: '/wp-json/wp/v2/users/me', headers: s.headers });
    expect(still.statusCode).toBe(200);
    const viaQuery = await t.app.inject({
      method: 'POST',
      url: `/wp-json/auth/v1/logout?_wpnonce=${s.nonce}`,
      headers: { cookie: s.cookie },
    });
    expect(viaQuery.statusCode).toBe(200);
    expect(String(viaQuery.headers['set-cookie'])).toMatch(/storeside_logged_in=;/);
  });

  it('should answer concurrent first requests of a session alike, and refuse all of them after logout', async () => {
    const s = await t.login(customer);
    const me = () => t.app.inject({ method: 'GET', url: '/wp-json/wp/v2/users/me', headers: s.headers });
    const first = await Promise.all(Array.from({ length: 20 }, me));
    expect(first.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(first.map((r) => r.json().id))).toEqual(new Set([customer.id]));
    await t.app.inject({ method: 'POST', url: '/wp-json/auth/v1/logout', headers: s.headers });
    const after = await Promise.all(Array.from({ length: 20 }, me));
    expect(after.map((r) => r.statusCode)).toEqual(Array(20).fill(401));
  });

  it('should set an HttpOnly SameSite=Lax session cookie and store only its hash', async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/wp-json/auth/v1/login',
      payload: { username: customer.email, password: customer.password },
    });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({
      user: { id: customer.id },
      nonce: expect.stringMatching(/^[0-9a-f]{10}$/),
    });
    const cookie = r.cookies.find((c) => c.name === 'storeside_logged_in')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const stored = await t.ctx.db
      .selectFrom('sessions')
      .selectAll()
      .where('token_hash', '=', hashToken(cookie.value))
      .execute();
    expect(stored).toHaveLength(1);
    const plain = await t.ctx.db
      .selectFrom('sessions')
      .selectAll()
      .where('token_hash', '=', cookie.value)
      .execute();
    expect(plain).toHaveLength(0);
  });

  it('should refuse a login with missing fields with 400 and an unknown user with 401', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/wp-json/auth/v1/login',
      payload: { username: 'x' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.errors.password).toEqual({ required: expect.any(String) });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/wp-json/auth/v1/login',
      payload: { username: 'ghost', password: 'whatever-1' },
    });
    expect(unknown.statusCode).toBe(401);
  });

  it('should answer GET /auth/v1/nonce only to an authenticated caller', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/wp-json/auth/v1/nonce' })).statusCode).toBe(401);
    const s = await t.login(customer);
    const r = await t.app.inject({
      method: 'GET',
      url: '/wp-json/auth/v1/nonce',
      headers: { cookie: s.cookie },
    });
    expect(r.statusCode).toBe(200);
    expect(r.json().nonce).toBe(s.nonce);
  });
});

describe('application passwords', () => {
  const base = '/wp-json/wp/v2/users/me/application-passwords';

  it('should create a 24-character password shown once in six groups of four, stored hashed', async () => {
    const user = await t.createUser();
    const s = await t.login(user);
    const created = await t.app.inject({
      method: 'POST',
      url: base,
      headers: s.headers,
      payload: { name: 'CLI' },
    });
    expect(created.statusCode).toBe(201);
    const body = created.json();
    expect(body.password).toMatch(/^([A-Za-z0-9]{4} ){5}[A-Za-z0-9]{4}$/);
    expect(body).toMatchObject({ uuid: expect.any(String), name: 'CLI', last_used: null });
    const raw = body.password.replaceAll(' ', '');
    const row = await t.ctx.db
      .selectFrom('application_passwords')
      .selectAll()
      .where('uuid', '=', body.uuid)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toBe(hashToken(raw));
    expect(JSON.stringify(row)).not.toContain(raw);

    const list = await t.app.inject({ method: 'GET', url: base, headers: s.headers });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([expect.objectContaining({ uuid: body.uuid, name: 'CLI' })]);
    expect(list.body).not.toContain(raw);

    for (const password of [body.password, raw, body.password.replaceAll(' ', '-')]) {
      const me = await t.app.inject({
        method: 'GET',
        url: '/wp-json/wp/v2/users/me',
        headers: basicHeader(user.username, password),
      });
      expect(me.statusCode, password).toBe(200);
    }
    const byEmail = await t.app.inject({
      method: 'GET',
      url: '/wp-json/wp/v2/users/me',
      headers: basicHeader(user.email, raw),
    });
    expect(byEmail.json().id).toBe(user.id);
    const used = (await t.app.inject({ method: 'GET', url: base, headers: s.headers })).json()[0];
    expect(used.last_used).not.toBeNull();
  });

  it('should revoke a password with DELETE, at once, and 404 an unknown one', async () => {
    const user = await t.createUser();
    const s = await t.login(user);
    const created = (
      await t.app.inject({ method: 'POST', url: base, headers: s.headers, payload: { name: 'x' } })
    ).json();
    const basic = basicHeader(user.username, created.password);
    expect(
      (await t.app.inject({ method: 'GET', url: '/wp-json/wp/v2/users/me', headers: basic })).statusCode,
    ).toBe(200);
    const del = await t.app.inject({ method: 'DELETE', url: `${base}/${created.uuid}`, headers: s.headers });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toMatchObject({ deleted: true, previous: { uuid: created.uuid } });
    expect(
      (await t.app.inject({ method: 'GET', url: '/wp-json/wp/v2/users/me', headers: basic })).statusCode,
    ).toBe(401);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `${base}/${created.uuid}`,
      headers: s.headers,
    });
    expect(again.statusCode).toBe(404);
  });

  it('should refuse anonymous callers and an empty name', async () => {
    expect((await t.app.inject({ method: 'GET', url: base })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: base, payload: { name: 'x' } })).statusCode).toBe(401);
    const s = await t.login(customer);
    const empty = await t.app.inject({
      method: 'POST',
      url: base,
      headers: s.headers,
      payload: { name: '  ' },
    });
    expect(empty.statusCode).toBe(400);
    const other = await t.app.inject({ method: 'DELETE', url: `${base}/not-a-uuid`, headers: s.headers });
    expect(other.statusCode).toBe(400);
  });
});

describe('users routes', () => {
  it('should list users with pagination headers for list_users holders only', async () => {
    const s = await t.login(admin);
    const r = await t.app.inject({
      method: 'GET',
      url: '/wp-json/wp/v2/users?per_page=1',
      headers: s.headers,
    });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toHaveLength(1);
    expect(Number(r.headers['x-wp-total'])).toBeGreaterThanOrEqual(3);
    expect(r.headers.link).toContain('rel="next"');
    const c = await t.login(customer);
    expect(
      (await t.app.inject({ method: 'GET', url: '/wp-json/wp/v2/users', headers: c.headers })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/wp-json/wp/v2/users' })).statusCode).toBe(401);
    const byRole = await t.app.inject({
      method: 'GET',
      url: '/wp-json/wp/v2/users?roles=administrator&per_page=100',
      headers: s.headers,
    });
    expect(byRole.json().every((u: { roles: string[] }) => u.roles[0] === 'administrator')).toBe(true);
    const badRole = await t.app.inject({
      method: 'GET',
      url: '/wp-json/wp/v2/users?roles=king',
      headers: s.headers,
    });
    expect(badRole.statusCode).toBe(400);
  });

  it('should create a user with a role, 409 on a taken username, 400 on bad input, 403 for customers', async () => {
    const s = await t.login(admin);
    const created = await t.app.inject({
      method: 'POST',
      url: '/wp-json/wp/v2/users',
      headers: s.headers,
      payload: {
        username: 'manager1',
        email: 'manager1@example.com',
        password: 'manager-pass-1',
        roles: ['shop_manager'],
      },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ username: 'manager1', roles: ['shop_manager'] });
    expect(created.headers.location).toBe(`http://shop.test/wp-json/wp/v2/users/${created.json().id}`);
    const dup = await t.app.inject({
      method: 'POST',
      url: '/wp-json/wp/v2/users',
      headers: s.headers,
      payload: { username: 'manager1', email: 'other@example.com', password: 'manager-pass-1' },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().code).toBe('existing_user_login');
    const bad = await t.app.inject({
      method: 'POST',
      url: '/wp-json/wp/v2/users',
      headers: s.headers,
      payload: { username: 'x', email: 'not-an-email', password: 'short', roles: ['king'] },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().data.errors).sort()).toEqual(['email', 'password', 'roles.0']);
    const c = await t.login(customer);
    const forbidden = await t.app.inject({
      method: 'POST',
      url: '/wp-json/wp/v2/users',
      headers: c.headers,
      payload: { username: 'y', email: 'y@example.com', password: 'password-1' },
    });
    expect(forbidden.statusCode).toBe(403);
  });

  it('should let an administrator change roles, effective at once for the user', async () => {
    const s = await t.login(admin);
    const user = await t.createUser({ role: 'customer' });
    const session = await t.login(user);
    expect(
      (await t.app.inject({ method: 'GET', url: '/wp-json/wp/v2/users', headers: session.headers }))
        .statusCode,
    ).toBe(403);
    const r = await t.app.inject({
      method: 'POST',
      url: `/wp-json/wp/v2/users/${user.id}`,
      headers: s.headers,
      payload: { roles: ['shop_manager'], first_name: 'Sam' },
    });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({
      roles: ['shop_manager'],
      first_name: 'Sam',
      capabilities: { manage_shop: true },
    });
    expect(
      (await t.app.inject({ method: 'GET', url: '/wp-json/wp/v2/users', headers: session.headers }))
        .statusCode,
    ).toBe(200);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/wp-json/wp/v2/users/999999',
      headers: s.headers,
      payload: { first_name: 'x' },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('should not let a shop manager promote anyone or edit an administrator', async () => {
    const manager = await t.createUser({ role: 'shop_manager' });
    const m = await t.login(manager);
    const shopper = await t.createUser({ role: 'customer' });
    const promote = await t.app.inject({
      method: 'POST',
      url: `/wp-json/wp/v2/users/${shopper.id}`,
      headers: m.headers,
      payload: { roles: ['administrator'] },
    });
    expect(promote.statusCode).toBe(403);
    expect(promote.json().code).toBe('rest_cannot_edit_roles');
    const self = await t.app.inject({
      method: 'POST',
      url: `/wp-json/wp/v2/users/${manager.id}`,
      headers: m.headers,
      payload: { roles: ['administrator'] },
    });
    expect(self.statusCode).toBe(403);
    const editAdmin = await t.app.inject({
      method: 'POST',
      url: `/wp-json/wp/v2/users/${admin.id}`,
      headers: m.headers,
      payload: { first_name: 'Mallory' },
    });
    expect(editAdmin.statusCode).toBe(403);
    const editCustomer = await t.app.inject({
      method: 'POST',
      url: `/wp-json/wp/v2/users/${shopper.id}`,
      headers: m.headers,
      payload: { last_name: 'Shopper' },
    });
    expect(editCustomer.statusCode).toBe(200);
    expect(editCustomer.json().roles).toEqual(['customer']);
  });
});
