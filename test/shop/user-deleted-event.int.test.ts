import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RestError } from '../../src/platform/http/errors.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

// `user.deleted` fires when a customer is deleted (`DELETE /wc/v3/customers/{id}?force=true`), inside the deletion.

let t: TestApp;
let admin: Record<string, string>;
let customer: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({ options: { extensions: [] } });
  admin = await t.appPasswordHeader(await t.createUser({ role: 'shop_manager' }));
  customer = await t.appPasswordHeader(await t.createUser({ role: 'customer' }));
});
afterAll(async () => t.close());

const remove = (id: number, query = 'force=true', headers = admin) =>
  t.app.inject({ method: 'DELETE', url: `/wp-json/wc/v3/customers/${id}?${query}`, headers });

describe('user.deleted', () => {
  it('should fire with the account as it was and the reassigned user', async () => {
    const heir = await t.createUser({ role: 'customer' });
    const leaving = await t.createUser({ role: 'customer', email: 'leaving@example.com' });
    const seen: Array<{ id: number; email: string; reassignedTo: number | null }> = [];
    const off = t.ctx.events.on('user.deleted', ({ user, reassignedTo }) => {
      seen.push({ id: user.id, email: user.email, reassignedTo });
    });
    const r = await remove(leaving.id, `force=true&reassign=${heir.id}`);
    off();
    expect(r.statusCode, r.body).toBe(200);
    expect(seen).toEqual([{ id: leaving.id, email: 'leaving@example.com', reassignedTo: heir.id }]);
  });

  it('should keep the user when a handler refuses the deletion', async () => {
    const kept = await t.createUser({ role: 'customer' });
    const off = t.ctx.events.on('user.deleted', () => {
      throw new RestError('user_deletion_refused', 'Not now.', 409);
    });
    const r = await remove(kept.id);
    off();
    expect(r.statusCode).toBe(409);
    const read = await t.app.inject({
      method: 'GET',
      url: `/wp-json/wc/v3/customers/${kept.id}`,
      headers: admin,
    });
    expect(read.statusCode).toBe(200);
  });

  it('should not fire for refused deletions (401, 403, no force, bad reassign)', async () => {
    const target = await t.createUser({ role: 'customer' });
    let fired = 0;
    const off = t.ctx.events.on('user.deleted', () => {
      fired++;
    });
    const anonymous = await t.app.inject({
      method: 'DELETE',
      url: `/wp-json/wc/v3/customers/${target.id}?force=true`,
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await remove(target.id, 'force=true', customer)).statusCode).toBe(403);
    expect((await remove(target.id, '')).statusCode).toBe(501);
    expect((await remove(target.id, 'force=true&reassign=999999')).statusCode).toBe(400);
    off();
    expect(fired).toBe(0);
  });
});
