import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

// `/wp/v2/users/{id}/application-passwords`: the user themself, or a caller who may edit that user.
let t: TestApp;
type Session = Awaited<ReturnType<TestApp['login']>>;
type User = Awaited<ReturnType<TestApp['createUser']>>;
let admin: Session;
let manager: Session;
let ann: User;
let annSession: Session;
let bob: User;
let otherAdmin: User;

beforeAll(async () => {
  t = await createTestApp({ options: { extensions: [] } });
  admin = await t.login(await t.createUser({ role: 'administrator' }));
  manager = await t.login(await t.createUser({ role: 'shop_manager' }));
  ann = await t.createUser({ role: 'customer' });
  annSession = await t.login(ann);
  bob = await t.createUser({ role: 'customer' });
  otherAdmin = await t.createUser({ role: 'administrator' });
});
afterAll(async () => t.close());

const base = (id: number | string) => `/wp-json/wp/v2/users/${id}/application-passwords`;
const basic = (username: string, password: string) => ({
  authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`,
});
const list = (id: number | string, headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: base(id), headers });
const create = (id: number | string, headers: Record<string, string>, payload: object = { name: 'CLI' }) =>
  t.app.inject({ method: 'POST', url: base(id), headers, payload });
const revoke = (id: number | string, uuid: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'DELETE', url: `${base(id)}/${uuid}`, headers });

describe('an administrator managing another user', () => {
  it('should create a password shown once, list it without the secret, and revoke it at once', async () => {
    const created = await create(bob.id, admin.headers, { name: 'Shop sync' });
    expect(created.statusCode).toBe(201);
    const body = created.json();
    expect(body).toMatchObject({ name: 'Shop sync', last_used: null, last_ip: null });
    expect(body.password).toMatch(/^([A-Za-z0-9]{4} ){5}[A-Za-z0-9]{4}$/);
    expect(created.headers.location).toBe(`http://shop.test${base(bob.id)}/${body.uuid}`);

    const me = await t.app.inject({
      method: 'GET',
      url: '/wp-json/wp/v2/users/me',
      headers: basic(bob.username, body.password),
    });
    expect(me.json().id).toBe(bob.id);

    const listed = await list(bob.id, admin.headers);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual([
      expect.objectContaining({ uuid: body.uuid, name: 'Shop sync', last_ip: expect.any(String) }),
    ]);
    expect(listed.json()[0].last_used).not.toBeNull();
    expect(listed.body).not.toContain(body.password.replaceAll(' ', ''));
    // Only that user's passwords.
    expect((await list(ann.id, admin.headers)).json()).toEqual([]);

    // A uuid is revoked through its own user only.
    expect((await revoke(ann.id, body.uuid, admin.headers)).statusCode).toBe(404);
    const revoked = await revoke(bob.id, body.uuid, admin.headers);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toMatchObject({ deleted: true, previous: { uuid: body.uuid } });
    const after = await t.app.inject({
      method: 'GET',
      url: '/wp-json/wp/v2/users/me',
      headers: basic(bob.username, body.password),
    });
    expect(after.statusCode).toBe(401);
    expect((await revoke(bob.id, body.uuid, admin.headers)).statusCode).toBe(404);
  });

  it('should answer 404 for a user that does not exist', async () => {
    for (const r of [
      await list(999_999, admin.headers),
      await create(999_999, admin.headers),
      await revoke(999_999, crypto.randomUUID(), admin.headers),
    ]) {
      expect(r.statusCode).toBe(404);
      expect(r.json().code).toBe('rest_user_invalid_id');
    }
  });

  it('should answer 400 for an empty name, a missing name, a non-uuid or a bad user id', async () => {
    const empty = await create(bob.id, admin.headers, { name: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe('application_password_empty_name');
    const missing = await create(bob.id, admin.headers, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().data.params).toHaveProperty('name');
    const notUuid = await revoke(bob.id, 'not-a-uuid', admin.headers);
    expect(notUuid.statusCode).toBe(400);
    expect(notUuid.json().data.params).toHaveProperty('uuid');
    for (const id of ['0', 'abc', '99999999999'])
      expect((await list(id, admin.headers)).statusCode, id).toBe(400);
    expect((await list(bob.id, admin.headers)).json()).toEqual([]);
  });
});

describe('who may manage a user’s application passwords', () => {
  it('should let a customer manage their own through their id, with the cookie nonce', async () => {
    const created = await create(ann.id, annSession.headers, { name: 'Phone' });
    expect(created.statusCode).toBe(201);
    expect((await list(ann.id, annSession.headers)).json()).toEqual([
      expect.objectContaining({ uuid: created.json().uuid }),
    ]);
    // The same list as the `me` route's.
    const mine = await t.app.inject({
      method: 'GET',
      url: '/wp-json/wp/v2/users/me/application-passwords',
      headers: annSession.headers,
    });
    expect(mine.json()).toEqual((await list(ann.id, annSession.headers)).json());
    expect((await list(ann.id, { cookie: annSession.cookie })).statusCode).toBe(401);
    expect((await revoke(ann.id, created.json().uuid, annSession.headers)).statusCode).toBe(200);
  });

  it('should refuse anonymous callers with 401 before validating', async () => {
    expect((await list(bob.id, {})).statusCode).toBe(401);
    expect((await create(bob.id, {}, { name: '' })).statusCode).toBe(401);
    expect((await revoke(bob.id, 'not-a-uuid', {})).statusCode).toBe(401);
  });

  it('should refuse a customer acting on another user with 403, before validating or looking the user up', async () => {
    const listed = await list(bob.id, annSession.headers);
    expect(listed.statusCode).toBe(403);
    expect(listed.json().code).toBe('rest_cannot_list_application_passwords');
    const created = await create(bob.id, annSession.headers, { name: '' });
    expect(created.statusCode).toBe(403);
    expect(created.json().code).toBe('rest_cannot_create_application_passwords');
    const revoked = await revoke(bob.id, 'not-a-uuid', annSession.headers);
    expect(revoked.statusCode).toBe(403);
    expect(revoked.json().code).toBe('rest_cannot_delete_application_password');
    expect((await list(999_999, annSession.headers)).statusCode).toBe(403);
    expect((await list(bob.id, admin.headers)).json()).toEqual([]);
  });

  it('should refuse a shop manager acting on an administrator, and let them act on a customer', async () => {
    const refused = await create(otherAdmin.id, manager.headers, { name: 'Takeover' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('rest_cannot_edit');
    expect((await list(otherAdmin.id, manager.headers)).statusCode).toBe(403);
    const theirs = (await create(otherAdmin.id, admin.headers, { name: 'Admin tool' })).json();
    expect((await revoke(otherAdmin.id, theirs.uuid, manager.headers)).statusCode).toBe(403);
    expect((await list(otherAdmin.id, admin.headers)).json()).toHaveLength(1);

    const allowed = await create(bob.id, manager.headers, { name: 'Support' });
    expect(allowed.statusCode).toBe(201);
    expect((await revoke(bob.id, allowed.json().uuid, manager.headers)).statusCode).toBe(200);
  });
});
