import { Type } from '@sinclair/typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineExtension } from '../../src/extensions/define-extension.js';
import { pageWindow, paginationQuery, setPaginationHeaders } from '../../src/platform/http/collection.js';
import { invalid } from '../../src/platform/http/errors.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

const ITEMS = Array.from({ length: 23 }, (_, i) => ({ id: i + 1, name: `item ${i + 1}`, secret: 's' }));

// Routes exercising the conventions: a paginated collection with a strict query schema, a route that
// crashes, one that rejects a field by hand, a 400 and a 422 namespace with the same body schema.
const sample = defineExtension({
  name: 'conventions',
  migrations: {},
  namespaces: [{ namespace: 'strict/v1', validationStatus: 422 }, { namespace: 'plain/v1' }],
  services: (ctx) => ({ ctx }),
  routes(app, { ctx }) {
    app.get(
      '/plain/v1/items',
      {
        config: { auth: { access: 'public', nonce: 'never' } },
        schema: {
          tags: ['sample'],
          summary: 'Items.',
          querystring: Type.Object(
            { ...paginationQuery(10), color: Type.Optional(Type.String()) },
            { additionalProperties: false },
          ),
          response: { 200: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })) },
        },
      },
      async (request, reply) => {
        const { page = 1, per_page = 10 } = request.query;
        const { offset, limit } = pageWindow(page, per_page);
        const rows = request.query.color === 'none' ? [] : ITEMS;
        setPaginationHeaders(request, reply, {
          total: rows.length,
          page,
          perPage: per_page,
          publicUrl: ctx.config.publicUrl,
        });
        return rows.slice(offset, offset + limit);
      },
    );
    for (const ns of ['plain/v1', 'strict/v1']) {
      app.post(
        `/${ns}/things`,
        {
          config: { auth: { access: 'public', nonce: 'never' } },
          schema: {
            body: Type.Object({
              count: Type.Integer({ minimum: 1 }),
              email: Type.String({ format: 'email' }),
            }),
          },
        },
        async (request) => {
          if (request.body.count === 13) throw invalid('count', 'in', 'Thirteen is not allowed.');
          return { ok: true, count: request.body.count };
        },
      );
    }
    app.put(
      '/plain/v1/things/:id',
      { config: { auth: { access: 'public', nonce: 'never' } } },
      async (request) => ({ method: request.method, id: (request.params as { id: string }).id }),
    );
    app.delete(
      '/plain/v1/things/:id',
      { config: { auth: { access: 'public', nonce: 'never' } } },
      async (request) => ({ method: request.method }),
    );
    app.get('/plain/v1/crash', { config: { auth: { access: 'public', nonce: 'never' } } }, async () => {
      throw new Error('password=hunter2 at /srv/secret/db.ts:42');
    });
    app.post(
      '/plain/v1/echo',
      { config: { auth: { access: 'public', nonce: 'never' } } },
      async (request) => ({
        size: JSON.stringify(request.body).length,
      }),
    );
  },
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ options: { extensions: [sample] } });
});
afterAll(async () => t.close());

describe('error shapes', () => {
  it('should answer an unknown path with 404 rest_no_route', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/wp-json/nothing/v1/here' });
    expect(r.statusCode).toBe(404);
    expect(r.json()).toEqual({
      code: 'rest_no_route',
      message: expect.any(String),
      data: { status: 404 },
    });
  });

  it('should answer a known path with the wrong method with 404 rest_no_route', async () => {
    const r = await t.app.inject({ method: 'PATCH', url: '/wp-json/plain/v1/items' });
    expect(r.statusCode).toBe(404);
    expect(r.json().code).toBe('rest_no_route');
  });

  it('should answer malformed JSON with 400 rest_invalid_json', async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/wp-json/plain/v1/things',
      headers: { 'content-type': 'application/json' },
      payload: '{"count": 1,',
    });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ code: 'rest_invalid_json', data: { status: 400 } });
  });

  it('should refuse a body over 1 MiB with 413 and accept one just under', async () => {
    const big = JSON.stringify({ blob: 'x'.repeat(1024 * 1024) });
    const r = await t.app.inject({
      method: 'POST',
      url: '/wp-json/plain/v1/echo',
      headers: { 'content-type': 'application/json' },
      payload: big,
    });
    expect(r.statusCode).toBe(413);
    expect(r.json()).toMatchObject({ code: 'rest_request_too_large', data: { status: 413 } });
    const ok = await t.app.inject({
      method: 'POST',
      url: '/wp-json/plain/v1/echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ blob: 'x'.repeat(1024 * 1024 - 20) }),
    });
    expect(ok.statusCode).toBe(200);
  });

  it('should answer a crash with a generic 500 that leaks nothing', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/wp-json/plain/v1/crash' });
    expect(r.statusCode).toBe(500);
    expect(r.json()).toEqual({
      code: 'internal_server_error',
      message: expect.any(String),
      data: { status: 500 },
    });
    expect(r.body).not.toMatch(/hunter2|secret|db\.ts|at /);
  });

  it('should answer schema validation failures with 400 outside 422 namespaces, with params and errors', async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/wp-json/plain/v1/things',
      payload: { count: 0, email: 'nope' },
    });
    expect(r.statusCode).toBe(400);
    const body = r.json();
    expect(body.code).toBe('rest_invalid_param');
    expect(body.data.status).toBe(400);
    expect(Object.keys(body.data.params).sort()).toEqual(['count', 'email']);
    expect(typeof body.data.params.count).toBe('string');
    expect(body.data.errors.count).toEqual({ min: expect.any(String) });
    expect(body.data.errors.email).toEqual({ email: expect.any(String) });
  });

  it('should answer the same failures with 422 in a 422 namespace', async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/wp-json/strict/v1/things',
      payload: { count: 'x' },
    });
    expect(r.statusCode).toBe(422);
    const body = r.json();
    expect(body.data.status).toBe(422);
    expect(body.data.errors.count).toEqual({ integer: expect.any(String) });
    expect(body.data.errors.email).toEqual({ required: expect.any(String) });
  });

  it('should give a thrown invalid() the namespace status and both shapes', async () => {
    for (const [ns, status] of [
      ['plain/v1', 400],
      ['strict/v1', 422],
    ] as const) {
      const r = await t.app.inject({
        method: 'POST',
        url: `/wp-json/${ns}/things`,
        payload: { count: 13, email: 'a@example.com' },
      });
      expect(r.statusCode).toBe(status);
      expect(r.json()).toEqual({
        code: 'rest_invalid_param',
        message: expect.any(String),
        data: {
          status,
          params: { count: 'Thirteen is not allowed.' },
          errors: { count: { in: 'Thirteen is not allowed.' } },
        },
      });
    }
  });
});

describe('pagination', () => {
  it('should send X-WP-Total, X-WP-TotalPages and an exact next Link keeping the query', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/wp-json/plain/v1/items?per_page=5&color=red' });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toHaveLength(5);
    expect(r.headers['x-wp-total']).toBe('23');
    expect(r.headers['x-wp-totalpages']).toBe('5');
    expect(r.headers.link).toBe(
      '<http://shop.test/wp-json/plain/v1/items?per_page=5&color=red&page=2>; rel="next"',
    );
  });

  it('should send prev and next on a middle page and only prev on the last', async () => {
    const mid = await t.app.inject({ method: 'GET', url: '/wp-json/plain/v1/items?page=2&per_page=10' });
    expect(mid.headers.link).toBe(
      '<http://shop.test/wp-json/plain/v1/items?page=1&per_page=10>; rel="prev", ' +
        '<http://shop.test/wp-json/plain/v1/items?page=3&per_page=10>; rel="next"',
    );
    const last = await t.app.inject({ method: 'GET', url: '/wp-json/plain/v1/items?page=3&per_page=10' });
    expect(last.json().map((i: { id: number }) => i.id)).toEqual([21, 22, 23]);
    expect(last.headers.link).toBe(
      '<http://shop.test/wp-json/plain/v1/items?page=2&per_page=10>; rel="prev"',
    );
  });

  it('should answer an empty collection with total 0 and 0 pages, and no pagination Link', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/wp-json/plain/v1/items?color=none' });
    expect(r.json()).toEqual([]);
    expect(r.headers['x-wp-total']).toBe('0');
    expect(r.headers['x-wp-totalpages']).toBe('0');
    expect(String(r.headers.link)).not.toContain('rel="next"');
  });

  it('should answer a page past the end with an empty array', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/wp-json/plain/v1/items?page=99' });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual([]);
    expect(r.headers['x-wp-total']).toBe('23');
  });

  it('should refuse per_page above 100 and page 0 with rest_invalid_param', async () => {
    for (const q of ['per_page=101', 'page=0', 'per_page=abc']) {
      const r = await t.app.inject({ method: 'GET', url: `/wp-json/plain/v1/items?${q}` });
      expect(r.statusCode, q).toBe(400);
      expect(r.json().code).toBe('rest_invalid_param');
    }
  });
});

describe('WordPress client habits', () => {
  it('should serve ?rest_route=/… like /wp-json/…', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/?rest_route=/plain/v1/items&per_page=2' });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toHaveLength(2);
    const index = await t.app.inject({ method: 'GET', url: '/index.php?rest_route=/' });
    expect(index.statusCode).toBe(200);
    expect(index.json().namespaces).toContain('plain/v1');
  });

  it('should honour _method and X-HTTP-Method-Override on POST', async () => {
    const viaQuery = await t.app.inject({ method: 'POST', url: '/wp-json/plain/v1/things/7?_method=PUT' });
    expect(viaQuery.json()).toEqual({ method: 'PUT', id: '7' });
    const viaHeader = await t.app.inject({
      method: 'POST',
      url: '/wp-json/plain/v1/things/7',
      headers: { 'x-http-method-override': 'DELETE' },
    });
    expect(viaHeader.json()).toEqual({ method: 'DELETE' });
  });

  it('should accept _locale, _fields, _envelope and _wpnonce on a route whose query schema is strict', async () => {
    const r = await t.app.inject({
      method: 'GET',
      url: '/wp-json/plain/v1/items?per_page=2&_locale=user&_fields=id&_wpnonce=abc',
    });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual([{ id: 1 }, { id: 2 }]);
  });

  it('should never let _fields reveal a field the response schema strips', async () => {
    const r = await t.app.inject({
      method: 'GET',
      url: '/wp-json/plain/v1/items?per_page=1&_fields=id,secret',
    });
    expect(r.json()).toEqual([{ id: 1 }]);
  });

  it('should wrap the answer in an envelope with status and headers when _envelope is set', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/wp-json/plain/v1/items?per_page=1&_envelope' });
    expect(r.statusCode).toBe(200);
    const body = r.json();
    expect(body.status).toBe(200);
    expect(body.body).toEqual([{ id: 1, name: 'item 1' }]);
    expect(body.headers['x-wp-total']).toBe('23');
    const missing = await t.app.inject({ method: 'GET', url: '/wp-json/plain/v1/crash?_envelope=1' });
    expect(missing.statusCode).toBe(200);
    expect(missing.json()).toMatchObject({ status: 500, body: { code: 'internal_server_error' } });
  });

  it('should answer admin-ajax.php?action=rest-nonce with the nonce as plain text for a logged-in user', async () => {
    const user = await t.createUser();
    const s = await t.login(user);
    const r = await t.app.inject({
      method: 'GET',
      url: '/wp-admin/admin-ajax.php?action=rest-nonce',
      headers: { cookie: s.cookie },
    });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/^text\/plain/);
    expect(r.body).toMatch(/^[0-9a-f]{10}$/);
    const me = await t.app.inject({
      method: 'GET',
      url: '/wp-json/wp/v2/users/me',
      headers: { cookie: s.cookie, 'x-wp-nonce': r.body },
    });
    expect(me.statusCode).toBe(200);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: '/wp-admin/admin-ajax.php?action=rest-nonce',
    });
    expect(anonymous.statusCode).toBe(400);
    expect(anonymous.body).toBe('0');
  });

  it('should send the refreshed nonce in X-WP-Nonce on cookie-authenticated calls only', async () => {
    const user = await t.createUser();
    const s = await t.login(user);
    const byCookie = await t.app.inject({
      method: 'GET',
      url: '/wp-json/wp/v2/users/me',
      headers: s.headers,
    });
    expect(byCookie.headers['x-wp-nonce']).toBe(s.nonce);
    const basic = await t.appPasswordHeader(user);
    const byPassword = await t.app.inject({ method: 'GET', url: '/wp-json/wp/v2/users/me', headers: basic });
    expect(byPassword.statusCode).toBe(200);
    expect(byPassword.headers['x-wp-nonce']).toBeUndefined();
  });

  it('should send the API discovery Link and CORS headers on REST answers', async () => {
    const r = await t.app.inject({
      method: 'GET',
      url: '/wp-json/plain/v1/items?color=none',
      headers: { origin: 'https://admin.example' },
    });
    expect(r.headers.link).toBe('<http://shop.test/wp-json/>; rel="https://api.w.org/"');
    expect(r.headers['access-control-allow-origin']).toBe('https://admin.example');
    expect(r.headers['access-control-expose-headers']).toContain('X-WP-Total');
  });
});

describe('discovery', () => {
  it('should list namespaces and routes at GET /wp-json/ in the WordPress shape', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/wp-json/' });
    expect(r.statusCode).toBe(200);
    const body = r.json();
    expect(body).toMatchObject({
      name: expect.any(String),
      url: 'http://shop.test',
      home: 'http://shop.test',
    });
    expect(body.namespaces).toEqual(expect.arrayContaining(['auth/v1', 'wp/v2', 'platform/v1', 'plain/v1']));
    expect(body.routes['/plain/v1/items']).toMatchObject({
      namespace: 'plain/v1',
      methods: ['GET'],
      endpoints: [{ methods: ['GET'], args: { page: expect.any(Object), per_page: expect.any(Object) } }],
      _links: { self: [{ href: 'http://shop.test/wp-json/plain/v1/items' }] },
    });
    expect(body.routes['/plain/v1/things/(?P<id>[^/]+)'].methods.sort()).toEqual(['DELETE', 'PUT']);
  });

  it('should answer a namespace index, and 404 for an unknown namespace', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/wp-json/plain/v1' });
    expect(r.statusCode).toBe(200);
    expect(r.json().namespace).toBe('plain/v1');
    expect(Object.keys(r.json().routes).every((p) => p.startsWith('/plain/v1'))).toBe(true);
    const missing = await t.app.inject({ method: 'GET', url: '/wp-json/ghost/v9' });
    expect(missing.statusCode).toBe(404);
  });

  it('should describe every REST route in an OpenAPI 3.1 document', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/wp-json/openapi.json' });
    expect(r.statusCode).toBe(200);
    const doc = r.json();
    expect(doc.openapi).toBe('3.1.0');
    const index = (await t.app.inject({ method: 'GET', url: '/wp-json/' })).json();
    const documented = new Set(
      Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([path, ops]) =>
        Object.keys(ops).map((m) => `${m.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
      ),
    );
    for (const [pattern, route] of Object.entries(index.routes as Record<string, { methods: string[] }>)) {
      const path = `/wp-json${pattern.replace(/\(\?P<(\w+)>\[\^\/\]\+\)/g, ':$1')}`;
      for (const method of route.methods)
        expect(documented, `${method} ${path}`).toContain(`${method} ${path}`);
    }
    expect(doc.paths['/wp-json/plain/v1/items'].get.summary).toBe('Items.');
  });

  it('should answer /healthz and /readyz', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
  });
});
