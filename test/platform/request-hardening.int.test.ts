import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { type FuzzRequest, type Operation, operationsOf, send } from './support/openapi-fuzz.js';

// Request data may never reach a prototype or a shared object: poisoned bodies are refused at the parser, and every
// route still answers its first call afterwards exactly as on a server that never saw them.
const POISONED = [
  ['__proto__', '{"__proto__":{"polluted":true,"isAdmin":true},"email":"a@b.co","consent":true,"cart":{}}'],
  ['__proto__', '{"settings":{"nested":{"__proto__":{"polluted":true}}}}'],
  ['__proto__', '{"\\u005f_proto__":{"polluted":true}}'],
  ['constructor.prototype', '{"constructor":{"prototype":{"polluted":true}}}'],
  ['constructor.prototype', '[{"a":{"constructor":{"prototype":{"polluted":true}}}}]'],
] as const;

let poisoned: TestApp;
let clean: TestApp;
let operations: Operation[];
const prototypeBefore = Object.getOwnPropertyNames(Object.prototype).sort();

async function adminCallers(app: TestApp) {
  const admin = await app.createUser({ role: 'administrator' });
  const session = await app.login(admin);
  return { anonymous: {}, cookie: session.headers, basic: await app.appPasswordHeader(admin) };
}

/** `{id}`-style parameters filled with 1. */
function concrete(op: Operation): string {
  return op.path.replace(/\{[^}]+\}/g, '1');
}

beforeAll(async () => {
  poisoned = await createTestApp();
  clean = await createTestApp();
  operations = operationsOf(
    (await poisoned.app.inject({ method: 'GET', url: '/wp-json/openapi.json' })).json(),
  );
});
afterAll(async () => {
  await poisoned?.close();
  await clean?.close();
});

describe('poisoned request bodies', () => {
  it('should refuse __proto__ and constructor.prototype in every body, anonymous or admin, with a 400 naming the key', async () => {
    const callers = await adminCallers(poisoned);
    const withBody = operations.filter((op) => op.method !== 'GET' && op.method !== 'DELETE');
    expect(withBody.length).toBeGreaterThan(50);
    for (const op of withBody) {
      for (const headers of [callers.anonymous, callers.cookie, callers.basic]) {
        for (const [key, payload] of POISONED) {
          const response = await poisoned.app.inject({
            method: op.method as 'POST',
            url: concrete(op),
            headers: { ...headers, 'content-type': 'application/json' },
            payload,
          });
          // Authentication and rate limits run before the body is read: those refusals come first.
          if ([401, 403, 429].includes(response.statusCode)) continue;
          expect(response.statusCode, `${op.method} ${op.path} ${payload}`).toBe(400);
          expect(response.json()).toMatchObject({ code: 'rest_invalid_json', data: { status: 400 } });
          expect(response.json().message).toContain(`"${key}"`);
        }
      }
    }
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeBefore);
  }, 120_000);

  it('should refuse a __proto__ key in a form body and keep query keys off any prototype', async () => {
    const form = await poisoned.app.inject({
      method: 'POST',
      url: '/wp-json/auth/v1/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '__proto__[]=x&username=a&password=b',
    });
    expect(form.statusCode).toBe(400);
    expect(form.json().message).toContain('"__proto__"');
    const query = await poisoned.app.inject({
      method: 'GET',
      url: '/wp-json/wc/store/v1/products?__proto__[]=1&__proto__=2&constructor[prototype][x]=1',
    });
    expect(query.statusCode).toBeLessThan(500);
    expect(({} as Record<string, unknown>)[0]).toBeUndefined();
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeBefore);
  });

  it('should answer the first call of every route after the poison exactly as a server that never saw it', async () => {
    const poisonedCallers = await adminCallers(poisoned);
    const cleanCallers = await adminCallers(clean);
    const firstCalls = operations.filter((op) => op.method === 'GET');
    for (const op of firstCalls) {
      for (const who of ['anonymous', 'cookie'] as const) {
        const request = (headers: Record<string, string>) => ({
          method: 'GET' as const,
          url: concrete(op),
          headers,
        });
        const after = await poisoned.app.inject(request(poisonedCallers[who]));
        const control = await clean.app.inject(request(cleanCallers[who]));
        expect(after.statusCode, `${who} GET ${op.path}`).toBe(control.statusCode);
        expect(after.statusCode).toBeLessThan(500);
      }
    }
  }, 120_000);
});

describe('errors raised before a route runs', () => {
  let port: number;
  beforeAll(async () => {
    await poisoned.app.listen({ port: 0, host: '127.0.0.1' });
    port = (poisoned.app.server.address() as { port: number }).port;
  });

  const cases: Array<[string, FuzzRequest, number, string]> = [
    [
      'bad percent-encoding in the path',
      { method: 'GET', path: '/wp-json/wc/store/v1/products/%E0%A4%A', headers: {} },
      400,
      'rest_invalid_url',
    ],
    [
      'bad percent-encoding in rest_route',
      { method: 'GET', path: '/?rest_route=%ZZ', headers: {} },
      400,
      'rest_invalid_url',
    ],
    [
      'an overlong path segment',
      { method: 'GET', path: `/wp-json/wc/store/v1/products/${'9'.repeat(400)}`, headers: {} },
      414,
      'rest_uri_too_long',
    ],
    [
      'a request line over the header limit',
      { method: 'GET', path: `/wp-json/wc/store/v1/products?search=${'y'.repeat(20_000)}`, headers: {} },
      431,
      'rest_request_header_too_large',
    ],
    [
      'a body over 1 MiB',
      {
        method: 'POST',
        path: '/wp-json/auth/v1/login',
        headers: { 'content-type': 'application/json' },
        body: `{"username":"${'a'.repeat(1_100_000)}"}`,
      },
      413,
      'rest_request_too_large',
    ],
    [
      'a method override naming no method (ignored: the POST stays a POST)',
      {
        method: 'POST',
        path: '/wp-json/auth/v1/login?_method=TRACE',
        headers: { 'x-http-method-override': 'FOO' },
      },
      400,
      'rest_invalid_param',
    ],
    [
      'a NUL character in a path parameter',
      { method: 'GET', path: '/wp-json/cartrecovery/v1/agent/sessions/%00', headers: {} },
      400,
      'rest_invalid_url',
    ],
    [
      'a NUL character in a JSON string',
      {
        method: 'POST',
        path: '/wp-json/auth/v1/login',
        headers: { 'content-type': 'application/json' },
        body: '{"username":"a\\u0000b","password":"x"}',
      },
      400,
      'rest_invalid_param',
    ],
    [
      'a nonce sent as a list',
      { method: 'GET', path: '/wp-json/wp/v2/users/me?_wpnonce[]=a', headers: {} },
      400,
      'rest_invalid_param',
    ],
  ];
  for (const [what, request, status, code] of cases) {
    it(`should answer ${what} with ${status} ${code} in the WordPress shape`, async () => {
      const answer = await send(port, request);
      expect(answer.status).toBe(status);
      expect(JSON.parse(answer.body)).toMatchObject({ code, message: expect.any(String), data: { status } });
    });
  }
});
