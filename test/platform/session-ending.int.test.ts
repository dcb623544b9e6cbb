import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

// Ending sessions: a password change (WordPress ends the user's other sessions), logout-everywhere and an
// administrator's DELETE /wp/v2/users/{id}/sessions. Application passwords are not sessions and stay.

let t: TestApp;
let admin: Awaited<ReturnType<TestApp['createUser']>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: 'administrator' });
});
afterAll(async () => t.close());

/** The status of GET users/me with these headers (warms the principal cache when 200). */
async function meStatus(headers: Record<string, string>): Promise<number> {
  return (await t.app.inject({ method: 'GET', url: '/wp-json/wp/v2/users/me', headers })).statusCode;
}

function updateUser(id: number, headers: Record<string, string>, payload: object) {
  return t.app.inject({ method: 'POST', url: `/wp-json/wp/v2/users/${id}`, headers, payload });
}

function endSessionsOf(id: number | string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'DELETE', url: `/wp-json/wp/v2/users/${id}/sessions`, headers });
}

describe('a password change', () => {
  it('should end the changing user’s other sessions and their nonces at once, keeping the session that made it', async () => {
    const user = await t.createUser({ role: 'administrator' });
    const current = await t.login(user);
    const other = await t.login(user);
    const basic = await t.appPasswordHeader(user);
    expect(await meStatus(other.headers)).toBe(200); // cached principal, dropped by the change
    const changed = await updateUser(user.id, current.headers, { password: 'a-new-password-1' });
    expect(changed.statusCode).toBe(200);
    expect(await meStatus(other.headers)).toBe(401);
    expect(await meStatus(current.headers)).toBe(200);
    expect(await meStatus(basic)).toBe(200);
    expect(await t.login({ username: user.username, password: 'a-new-password-1' })).toBeTruthy();
  });

  it('should end every session of another user whose password an administrator changes', async () => {
    const s = await t.login(admin);
    const user = await t.createUser();
    const first = await t.login(user);
    const second = await t.login(user);
    const basic = await t.appPasswordHeader(user);
    expect(await meStatus(first.headers)).toBe(200);
    const changed = await updateUser(user.id, s.headers, { password: 'set-by-admin-1' });
    expect(changed.statusCode).toBe(200);
    expect(await meStatus(first.headers)).toBe(401);
    expect(await meStatus(second.headers)).toBe(401);
    expect(await meStatus(basic)).toBe(200);
    expect(await meStatus(s.headers)).toBe(200);
  });

  it('should end every cookie session when the change comes through an application password', async () => {
    const user = await t.createUser({ role: 'administrator' });
    const session = await t.login(user);
    const basic = await t.appPasswordHeader(user);
    expect(await meStatus(session.headers)).toBe(200);
    expect((await updateUser(user.id, basic, { password: 'from-a-script-1' })).statusCode).toBe(200);
    expect(await meStatus(session.headers)).toBe(401);
    expect(await meStatus(basic)).toBe(200);
  });

  it('should leave sessions alone when other fields change', async () => {
    const s = await t.login(admin);
    const user = await t.createUser();
    const session = await t.login(user);
    expect((await updateUser(user.id, s.headers, { first_name: 'Kim' })).statusCode).toBe(200);
    expect(await meStatus(session.headers)).toBe(200);
  });
});

describe('POST /auth/v1/logout-everywhere', () => {
  const url = '/wp-json/auth/v1/logout-everywhere';

  it('should end every session of the caller, this one included, clear the cookie and keep application passwords', async () => {
    const user = await t.createUser();
    const first = await t.login(user);
    const second = await t.login(user);
    const basic = await t.appPasswordHeader(user);
    expect(await meStatus(second.headers)).toBe(200);
    const r = await t.app.inject({ method: 'POST', url, headers: first.headers });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ success: true });
    const cleared = r.cookies.find((c) => c.name === 'storeside_logged_in');
    expect(cleared?.value).toBe('');
    expect(await meStatus(first.headers)).toBe(401);
    expect(await meStatus(second.headers)).toBe(401);
    expect(await meStatus(basic)).toBe(200);
  });

  it('should end the cookie sessions of a caller using an application password', async () => {
    const user = await t.createUser();
    const session = await t.login(user);
    const basic = await t.appPasswordHeader(user);
    expect((await t.app.inject({ method: 'POST', url, headers: basic })).statusCode).toBe(200);
    expect(await meStatus(session.headers)).toBe(401);
    expect(await meStatus(basic)).toBe(200);
  });

  it('should refuse anonymous callers and cookies without a nonce with 401, ending nothing', async () => {
    const user = await t.createUser();
    const session = await t.login(user);
    const anonymous = await t.app.inject({ method: 'POST', url });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: 'rest_not_logged_in', data: { status: 401 } });
    const noNonce = await t.app.inject({ method: 'POST', url, headers: { cookie: session.cookie } });
    expect(noNonce.statusCode).toBe(401);
    const badNonce = await t.app.inject({
      method: 'POST',
      url,
      headers: { cookie: session.cookie, 'x-wp-nonce': '0123456789' },
    });
    expect(badNonce.statusCode).toBe(401);
    expect(badNonce.json().code).toBe('rest_cookie_invalid_nonce');
    expect(await meStatus(session.headers)).toBe(200);
  });

  it('should refuse a malformed body with 400 in the error shape, ending nothing', async () => {
    const user = await t.createUser();
    const session = await t.login(user);
    const r = await t.app.inject({
      method: 'POST',
      url,
      headers: { ...session.headers, 'content-type': 'application/json' },
      payload: '{"all":',
    });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({
      code: expect.any(String),
      message: expect.any(String),
      data: { status: 400 },
    });
    expect(await meStatus(session.headers)).toBe(200);
  });
});

describe('DELETE /wp/v2/users/{id}/sessions', () => {
  it('should let an administrator end every session of a user, keeping its application passwords', async () => {
    const s = await t.login(admin);
    const user = await t.createUser();
    const first = await t.login(user);
    const second = await t.login(user);
    const basic = await t.appPasswordHeader(user);
    expect(await meStatus(first.headers)).toBe(200);
    const r = await endSessionsOf(user.id, s.headers);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ deleted: true, ended: 2 });
    expect(r.cookies.find((c) => c.name === 'storeside_logged_in')).toBeUndefined();
    expect(await meStatus(first.headers)).toBe(401);
    expect(await meStatus(second.headers)).toBe(401);
    expect(await meStatus(basic)).toBe(200);
    expect(await meStatus(s.headers)).toBe(200);
    expect((await endSessionsOf(user.id, s.headers)).json()).toEqual({ deleted: true, ended: 0 });
  });

  it('should work through method override, as @wordpress/api-fetch sends DELETE', async () => {
    const s = await t.login(admin);
    const user = await t.createUser();
    const session = await t.login(user);
    const r = await t.app.inject({
      method: 'POST',
      url: `/wp-json/wp/v2/users/${user.id}/sessions`,
      headers: { ...s.headers, 'x-http-method-override': 'DELETE' },
    });
    expect(r.statusCode).toBe(200);
    expect(await meStatus(session.headers)).toBe(401);
  });

  it('should refuse anonymous callers with 401 and customers with 403, ending nothing', async () => {
    const user = await t.createUser();
    const session = await t.login(user);
    const anonymous = await endSessionsOf(user.id);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: 'rest_not_logged_in', data: { status: 401 } });
    const customer = await t.createUser();
    const c = await t.login(customer);
    const forbidden = await endSessionsOf(user.id, c.headers);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toMatchObject({ code: 'rest_forbidden', data: { status: 403 } });
    expect(await meStatus(session.headers)).toBe(200);
  });

  it('should let a shop manager end a customer’s sessions but not an administrator’s (as user updates)', async () => {
    const manager = await t.createUser({ role: 'shop_manager' });
    const m = await t.login(manager);
    const customer = await t.createUser();
    expect((await endSessionsOf(customer.id, m.headers)).statusCode).toBe(200);
    const other = await t.createUser({ role: 'administrator' });
    const otherSession = await t.login(other);
    const refused = await endSessionsOf(other.id, m.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('rest_cannot_edit');
    expect(await meStatus(otherSession.headers)).toBe(200);
  });

  it('should answer 400 naming the id for a non-integer id and 404 rest_user_invalid_id for an unknown one', async () => {
    const s = await t.login(admin);
    for (const id of ['abc', '1.5', '0']) {
      const bad = await endSessionsOf(id, s.headers);
      expect(bad.statusCode, id).toBe(400);
      expect(bad.json()).toMatchObject({ code: 'rest_invalid_param', data: { status: 400 } });
      expect(Object.keys(bad.json().data.params)).toEqual(['id']);
    }
    const missing = await endSessionsOf(999_999, s.headers);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'rest_user_invalid_id', data: { status: 404 } });
  });

  it('should clear the cookie of an administrator ending its own sessions', async () => {
    const other = await t.createUser({ role: 'administrator' });
    const s = await t.login(other);
    const r = await endSessionsOf(other.id, s.headers);
    expect(r.json()).toEqual({ deleted: true, ended: 1 });
    expect(r.cookies.find((c) => c.name === 'storeside_logged_in')?.value).toBe('');
    expect(await meStatus(s.headers)).toBe(401);
  });
});

describe('the OpenAPI document', () => {
  it('should list both new routes', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/wp-json/openapi.json' })).json();
    expect(doc.paths['/wp-json/auth/v1/logout-everywhere']?.post).toBeDefined();
    const path = Object.keys(doc.paths).find((p) => /^\/wp-json\/wp\/v2\/users\/\{id\}\/sessions$/.test(p));
    expect(path && doc.paths[path].delete).toBeDefined();
  });
});
