import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

// What the platform reads itself, before any route's schema: the global query parameters (`_wpnonce` before
// authentication) and integer path ids. Lists where one string is read, and numbers in any form but decimal digits,
// are refused in the WordPress error shape and change nothing.
let t: TestApp;
let callers: Record<string, Record<string, string>>;
let adminId: number;

const list = (name: string, length: number) =>
  Array.from({ length }, (_, i) => `${name}[]=${String(i % 10)}`).join('&');

beforeAll(async () => {
  t = await createTestApp();
  const admin = await t.createUser({ role: 'administrator' });
  adminId = admin.id;
  const session = await t.login(admin);
  callers = {
    anonymous: {},
    'cookie and nonce': session.headers,
    'cookie alone': { cookie: session.cookie },
    'application password': await t.appPasswordHeader(admin),
  };
});
afterAll(async () => t?.close());

async function apiKeyCount(): Promise<number> {
  const { rows } = await sql<{ n: number | string }>`select count(*) as n from api_keys`.execute(t.ctx.db);
  return Number(rows[0]!.n);
}

describe('global parameters given as lists', () => {
  const params = ['_wpnonce', '_method', '_locale', '_jsonp', '_pretty', 'rest_route'];

  it('should refuse each with a 400 naming it and the rule, for every caller and list length', async () => {
    for (const [who, headers] of Object.entries(callers)) {
      for (const name of params) {
        for (const length of [2, 10, 20]) {
          const answer = await t.app.inject({
            method: 'GET',
            url: `/wp-json/wp/v2/users/me?${list(name, length)}`,
            headers,
          });
          const label = `${who} ${name}×${length}`;
          expect(answer.statusCode, label).toBe(400);
          expect(answer.json(), label).toEqual({
            code: 'rest_invalid_param',
            message: `Invalid parameter(s): ${name}`,
            data: {
              status: 400,
              params: { [name]: `${name} is not of type string.` },
              errors: { [name]: { string: `${name} is not of type string.` } },
            },
          });
        }
      }
    }
  });

  it('should refuse them through ?rest_route= and on a write, writing nothing', async () => {
    const before = await apiKeyCount();
    const viaRoute = await t.app.inject({
      method: 'GET',
      url: `/?rest_route=/wp/v2/users/me&${list('_wpnonce', 20)}`,
      headers: callers['cookie alone'],
    });
    expect(viaRoute.statusCode).toBe(400);
    expect(viaRoute.json().data.params).toHaveProperty('_wpnonce');
    const write = await t.app.inject({
      method: 'POST',
      url: `/wp-json/platform/v1/users/${adminId}/api-keys?${list('_wpnonce', 10)}`,
      headers: { ...callers['cookie alone'], 'content-type': 'application/json' },
      payload: { description: 'x', permissions: 'read' },
    });
    expect(write.statusCode).toBe(400);
    expect(await apiKeyCount()).toBe(before);
  });

  it('should read a list of _fields as its comma form, as WordPress does', async () => {
    const answer = await t.app.inject({
      method: 'GET',
      url: '/wp-json/wp/v2/users/me?_fields[]=id&_fields[]=name',
      headers: callers['cookie and nonce'],
    });
    expect(answer.statusCode).toBe(200);
    expect(Object.keys(answer.json()).sort()).toEqual(['id', 'name']);
  });

  it('should refuse paging parameters given as lists with a 4xx naming them', async () => {
    for (const url of [
      `/wp-json/wc/v3/products?${list('page', 20)}`,
      `/wp-json/wc/v3/products?${list('per_page', 20)}`,
      `/wp-json/wc/v3/products?${list('offset', 20)}`,
      `/wp-json/wp/v2/users?${list('page', 20)}`,
      `/wp-json/loyalty/v1/ledger?${list('page', 20)}`,
    ]) {
      const answer = await t.app.inject({ method: 'GET', url, headers: callers['cookie and nonce'] });
      const name = /\?(\w+)\[/.exec(url)![1]!;
      expect([400, 422], url).toContain(answer.statusCode);
      expect(answer.json().code, url).toBe('rest_invalid_param');
      expect(answer.json().data.errors[name], url).toEqual({ integer: `${name} is not of type integer.` });
    }
  });

  it('should read _envelope by its presence alone, a list included', async () => {
    const answer = await t.app.inject({
      method: 'GET',
      url: `/wp-json/wp/v2/users/me?${list('_envelope', 20)}`,
      headers: callers.anonymous,
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ status: 401, body: { code: 'rest_not_logged_in' } });
  });

  it('should ignore _method and _wpnonce lists in a form body, as WordPress reads neither there', async () => {
    const before = await apiKeyCount();
    const url = `/wp-json/platform/v1/users/${adminId}/api-keys`;
    const form = 'application/x-www-form-urlencoded';
    const unsigned = await t.app.inject({
      method: 'POST',
      url,
      headers: { ...callers['cookie alone'], 'content-type': form },
      payload: `description=x&permissions=read&${list('_wpnonce', 10)}`,
    });
    expect(unsigned.statusCode).toBe(401);
    expect(unsigned.json().data.status).toBe(401);
    expect(await apiKeyCount()).toBe(before);
    const signed = await t.app.inject({
      method: 'POST',
      url,
      headers: { ...callers['cookie and nonce'], 'content-type': form },
      payload: 'description=x&permissions=read&_method[]=DELETE&_method[]=PUT',
    });
    expect(signed.statusCode).toBe(201);
    expect(await apiKeyCount()).toBe(before + 1);
  });
});

describe('integer path ids in a form other than decimal digits', () => {
  const forms = ['0x1A', '0x1', '1e3', '1e0', '+1', '%201', '1%20', '1.0', '0b1', '1_000', 'Infinity'];

  it('should refuse them on every route with an integer path id, for every caller, never coercing', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/wp-json/openapi.json' })).json();
    const routes: Array<{ method: string; path: string; ids: string[] }> = [];
    for (const [path, item] of Object.entries(spec.paths as Record<string, Record<string, any>>)) {
      for (const [method, op] of Object.entries(item)) {
        const ids = (op.parameters ?? [])
          .filter(
            (p: { in: string; schema?: { type?: string } }) =>
              p.in === 'path' && p.schema?.type === 'integer',
          )
          .map((p: { name: string }) => p.name);
        if (ids.length > 0) routes.push({ method: method.toUpperCase(), path, ids });
      }
    }
    expect(routes.map(({ path }) => path)).toEqual(
      expect.arrayContaining(['/wp-json/platform/v1/users/{id}/api-keys', '/wp-json/wc/v3/products/{id}']),
    );
    const keysBefore = await apiKeyCount();
    for (const { method, path, ids } of routes) {
      for (const form of forms) {
        const url = path.replace(/\{[^}]+\}/g, form);
        for (const [who, headers] of Object.entries(callers)) {
          const answer = await t.app.inject({
            method: method as 'GET',
            url,
            headers: { ...headers, 'content-type': 'application/json' },
            payload:
              method === 'GET' || method === 'DELETE' ? undefined : { description: 'x', permissions: 'read' },
          });
          const label = `${who} ${method} ${url}`;
          if (path.startsWith('/wp-json/wc/v3/')) {
            // WooCommerce's routes match digits only: anything else is no route at all.
            expect(answer.statusCode, label).toBe(404);
            expect(answer.json().code, label).toBe('rest_no_route');
          } else if (who === 'cookie and nonce' || answer.statusCode < 401 || answer.statusCode > 403) {
            // Elsewhere the namespace's validation error (422 in loyalty/v1) names the id and the rule, after
            // authentication (a caller the route does not admit, such as a password where a nonce is required,
            // is refused first).
            expect([400, 422], label).toContain(answer.statusCode);
            expect(answer.json().code, label).toBe('rest_invalid_param');
            expect(answer.json().data.errors[ids[0]!], label).toEqual({
              integer: `${ids[0]} is not of type integer.`,
            });
          }
        }
      }
    }
    expect(await apiKeyCount()).toBe(keysBefore);
  }, 120_000);

  it('should never let a customer mint a key for another user through a non-decimal id', async () => {
    const customer = await t.createUser({ role: 'customer' });
    const session = await t.login(customer);
    const before = await apiKeyCount();
    for (const form of [
      `+${adminId}`,
      `%20${adminId}`,
      `${adminId}.0`,
      `0x${adminId.toString(16)}`,
      `${adminId}e0`,
    ]) {
      const answer = await t.app.inject({
        method: 'POST',
        url: `/wp-json/platform/v1/users/${form}/api-keys`,
        headers: session.headers,
        payload: { description: 'mine now', permissions: 'read_write' },
      });
      expect(answer.statusCode, form).toBe(400);
      expect(answer.json().data.errors.id, form).toEqual({ integer: 'id is not of type integer.' });
    }
    expect(await apiKeyCount()).toBe(before);
  });

  it('should still take decimal digits', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: `/wp-json/platform/v1/users/${adminId}/api-keys`,
      headers: callers['cookie and nonce'],
      payload: { description: 'decimal', permissions: 'read' },
    });
    expect(answer.statusCode).toBe(201);
  });
});
