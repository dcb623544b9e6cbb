import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

// `/platform/v1/users/{id}/api-keys`: the user themself, or a caller who may edit that user.
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

const base = (id: number | string) => `/wp-json/platform/v1/users/${id}/api-keys`;
const create = (id: number | string, headers: Record<string, string>, payload: object) =>
  t.app.inject({ method: 'POST', url: base(id), headers, payload });

describe('an administrator managing the keys of another user', () => {
  it('should create a key shown once, list it without secrets, and revoke it', async () => {
    const created = await create(bob.id, admin.headers, { description: 'Accounting', permissions: 'read' });
    expect(created.statusCode).toBe(201);
    const key = created.json();
    expect(key).toMatchObject({
      user_id: bob.id,
      description: 'Accounting',
      permissions: 'read',
      last_access: null,
      truncated_key: key.consumer_key.slice(-7),
    });
    expect(created.headers.location).toBe(`http://shop.test${base(bob.id)}/${key.key_id}`);

    const listed = await t.app.inject({ method: 'GET', url: base(bob.id), headers: admin.headers });
    expect(listed.json()).toEqual([expect.objectContaining({ key_id: key.key_id })]);
    expect(listed.body).not.toContain(key.consumer_key);
    expect(listed.body).not.toContain(key.consumer_secret);

    const stored = await t.ctx.db.selectFrom('api_keys').selectAll().executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(key.consumer_key.slice(3));
    expect(JSON.stringify(stored)).not.toContain(key.consumer_secret.slice(3));

    const wrongUser = await t.app.inject({
      method: 'DELETE',
      url: `${base(ann.id)}/${key.key_id}`,
      headers: admin.headers,
    });
    expect(wrongUser.statusCode).toBe(404);
    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `${base(bob.id)}/${key.key_id}`,
      headers: admin.headers,
    });
    expect(revoked.json()).toMatchObject({ deleted: true, previous: { key_id: key.key_id } });
    const again = await t.app.inject({
      method: 'DELETE',
      url: `${base(bob.id)}/${key.key_id}`,
      headers: admin.headers,
    });
    expect(again.json().code).toBe('api_key_not_found');
  });
});

describe('refusals', () => {
  it('should answer 401 to an anonymous caller and to a cookie without its nonce', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: base(ann.id) });
    expect(anonymous.statusCode).toBe(401);
    const noNonce = await t.app.inject({
      method: 'GET',
      url: base(ann.id),
      headers: { cookie: annSession.cookie },
    });
    expect(noNonce.statusCode).toBe(401);
  });

  it('should let a customer manage only their own keys (403 for another user)', async () => {
    const own = await create(ann.id, annSession.headers, { description: 'Mine', permissions: 'write' });
    expect(own.statusCode).toBe(201);
    const other = await create(bob.id, annSession.headers, { description: 'Not mine', permissions: 'read' });
    expect(other.statusCode).toBe(403);
    expect(other.json().code).toBe('rest_cannot_create_api_keys');
    const list = await t.app.inject({ method: 'GET', url: base(bob.id), headers: annSession.headers });
    expect(list.json().code).toBe('rest_cannot_list_api_keys');
  });

  it("should refuse a shop manager another administrator's keys, and 404 for an unknown user", async () => {
    const refused = await create(otherAdmin.id, manager.headers, { description: 'x', permissions: 'read' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('rest_cannot_edit');
    const customer = await create(bob.id, manager.headers, { description: 'ok', permissions: 'read' });
    expect(customer.statusCode).toBe(201);
    const unknown = await create(999999, admin.headers, { description: 'x', permissions: 'read' });
    expect(unknown.statusCode).toBe(404);
  });

  it('should answer 400 to bad input', async () => {
    const badPermission = await create(ann.id, annSession.headers, {
      description: 'x',
      permissions: 'admin',
    });
    expect(badPermission.statusCode).toBe(400);
    expect(badPermission.json().code).toBe('rest_invalid_param');
    const empty = await create(ann.id, annSession.headers, { description: '  ', permissions: 'read' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe('api_key_empty_description');
    const missing = await create(ann.id, annSession.headers, { permissions: 'read' });
    expect(missing.statusCode).toBe(400);
    const badId = await t.app.inject({
      method: 'DELETE',
      url: `${base(ann.id)}/abc`,
      headers: annSession.headers,
    });
    expect(badId.statusCode).toBe(400);
  });
});
