import { createHmac } from 'node:crypto';
import WooCommerceModule from '@woocommerce/woocommerce-rest-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../src/platform/auth/api-keys.service.js';
import { platformCliCommands } from '../../src/platform/cli/platform-commands.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

// The package is CommonJS with `exports.default`: Node's ESM import sees it under `.default`, a bundler may not.
const WooCommerceRestApi =
  (WooCommerceModule as unknown as { default?: typeof WooCommerceModule.default }).default ??
  (WooCommerceModule as unknown as typeof WooCommerceModule.default);

// WooCommerce REST API keys driven by the official JavaScript client over plain HTTP (OAuth 1.0a), plus
// Basic and query-string keys over HTTPS (a trusted proxy's X-Forwarded-Proto), permissions and refusals.
let t: TestApp;
let url: string;
type User = Awaited<ReturnType<TestApp['createUser']>>;
let owner: User;

beforeAll(async () => {
  t = await createTestApp({ env: { STORESIDE_TRUSTED_PROXIES: '127.0.0.1' } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  url = `http://127.0.0.1:${address.port}`;
  owner = await t.createUser({ role: 'administrator' });
});
afterAll(async () => t.close());

const keyOf = (permissions: 'read' | 'write' | 'read_write', userId = owner.id) =>
  createApiKey(
    { db: t.ctx.db, clock: t.ctx.clock, secret: t.config.secret, secrets: t.ctx.secrets },
    { userId, description: `${permissions} key`, permissions },
  );
const client = (key: { consumer_key: string; consumer_secret: string }) =>
  new WooCommerceRestApi({
    url,
    consumerKey: key.consumer_key,
    consumerSecret: key.consumer_secret,
    version: 'wc/v3',
  });
/** The error a client call ends with (axios rejects non-2xx answers). */
async function failure(call: Promise<unknown>): Promise<{ status: number; data: any }> {
  try {
    await call;
  } catch (error: any) {
    if (error.response) return { status: error.response.status, data: error.response.data };
    throw error;
  }
  throw new Error('the call succeeded');
}
/** Signs a request as the client does (its own OAuth object), with an optional timestamp; returns the query. */
function signed(
  key: { consumer_key: string; consumer_secret: string },
  input: { url: string; method: string; timestamp?: number },
): URLSearchParams {
  const oauth = (client(key) as any)._getOAuth();
  if (input.timestamp !== undefined) oauth.getTimeStamp = () => input.timestamp;
  const params = oauth.authorize({ url: input.url, method: input.method });
  return new URLSearchParams(params);
}
/** The OAuth query parameters of a request whose form body `data` is signed with it. */
function signedWith(
  key: { consumer_key: string; consumer_secret: string },
  input: { url: string; method: string; data: Record<string, string> },
): URLSearchParams {
  return new URLSearchParams((client(key) as any)._getOAuth().authorize(input));
}
/** An `Authorization: Basic` value of a key (sent over HTTPS only). */
function basicOf(key: { consumer_key: string; consumer_secret: string }): string {
  return `Basic ${Buffer.from(`${key.consumer_key}:${key.consumer_secret}`).toString('base64')}`;
}

describe('the official client over plain HTTP (OAuth 1.0a)', () => {
  it('should read with a read key and refuse its writes', async () => {
    const read = client(await keyOf('read'));
    const listed = await read.get('products', { per_page: 5, search: 'Tee & co ~ "x"' });
    expect(listed.status).toBe(200);
    expect(Array.isArray(listed.data)).toBe(true);

    const refused = await failure(read.post('products', { name: 'Nope', regular_price: '1.00' }));
    expect(refused.status).toBe(401);
    expect(refused.data).toMatchObject({
      code: 'woocommerce_rest_authentication_error',
      message: 'The API key provided does not have write permissions.',
    });
  });

  it('should create a product with a read_write key, and refuse reads to a write key', async () => {
    const created = await client(await keyOf('read_write')).post('products', {
      name: 'Keyed tee',
      regular_price: '12.50',
    });
    expect(created.status).toBe(201);
    expect(created.data).toMatchObject({ name: 'Keyed tee', regular_price: '12.50' });

    const write = client(await keyOf('write'));
    const refused = await failure(write.get('products'));
    expect(refused.data.message).toBe('The API key provided does not have read permissions.');
    const updated = await write.put(`products/${created.data.id}`, { name: 'Keyed tee 2' });
    expect(updated.data.name).toBe('Keyed tee 2');
  });

  it('should sign nested query parameters as WooCommerce does', async () => {
    const read = client(await keyOf('read'));
    const listed = await read.get('products', { per_page: 2, filter: { meta: 'a b', tag: ['x', 'y'] } });
    expect(listed.status).toBe(200);
  });

  it('should refuse a bad signature, an unknown key, an old timestamp and a replayed nonce', async () => {
    const key = await keyOf('read');
    const badSecret = await failure(client({ ...key, consumer_secret: 'cs_wrong' }).get('products'));
    expect(badSecret).toMatchObject({
      status: 401,
      data: {
        code: 'woocommerce_rest_authentication_error',
        message: 'Invalid signature - provided signature does not match.',
      },
    });
    const unknown = await failure(client({ ...key, consumer_key: 'ck_unknown' }).get('products'));
    expect(unknown.data.message).toBe('Consumer key is invalid.');

    const endpoint = `${url}/wp-json/wc/v3/products`;
    const old = signed(key, {
      url: endpoint,
      method: 'GET',
      timestamp: Math.floor(Date.now() / 1000) - 16 * 60,
    });
    const stale = await fetch(`${endpoint}?${old}`);
    expect(stale.status).toBe(401);
    expect(((await stale.json()) as { message: string }).message).toMatch(/^Invalid timestamp/);

    const once = signed(key, { url: endpoint, method: 'GET' });
    expect((await fetch(`${endpoint}?${once}`)).status).toBe(200);
    const replayed = await fetch(`${endpoint}?${once}`);
    expect(replayed.status).toBe(401);
    expect(((await replayed.json()) as { message: string }).message).toBe(
      'Invalid nonce - nonce has already been used.',
    );
  });

  it('should accept the OAuth parameters in an Authorization header and HMAC-SHA1', async () => {
    const key = await keyOf('read');
    const endpoint = `${url}/wp-json/wc/v3/products`;
    const params: Record<string, string> = {
      oauth_consumer_key: key.consumer_key,
      oauth_nonce: `n${Date.now()}`,
      oauth_signature_method: 'HMAC-SHA1',
      oauth_timestamp: String(Math.floor(Date.now() / 1000)),
      oauth_version: '1.0',
    };
    const enc = (s: string) =>
      encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
    const all = { ...params, per_page: '3' };
    const pairs = Object.keys(all)
      .sort()
      .map((k) => `${enc(k)}=${enc(all[k as keyof typeof all])}`)
      .join('&');
    const base = `GET&${enc(endpoint)}&${enc(pairs)}`;
    const signature = createHmac('sha1', `${key.consumer_secret}&`).update(base).digest('base64');
    const header = `OAuth ${Object.entries({ ...params, oauth_signature: signature })
      .map(([k, v]) => `${k}="${enc(v)}"`)
      .join(', ')}`;
    const answer = await fetch(`${endpoint}?per_page=3`, { headers: { authorization: header } });
    expect(answer.status).toBe(200);
  });
});

describe('OAuth 1.0a over a form-encoded body (RFC 5849 §3.4.1.3: its parameters are signed)', () => {
  const form = { 'content-type': 'application/x-www-form-urlencoded' };
  /** The Authorization header of a request signed as the client signs, with `data` as its body parameters. */
  function oauthHeader(
    key: { consumer_key: string; consumer_secret: string },
    input: { url: string; method: string; data?: Record<string, string> },
  ): Record<string, string> {
    const oauth = (client(key) as any)._getOAuth();
    return oauth.toHeader(oauth.authorize(input));
  }
  const named = async (name: string) => {
    const r = await t.app.inject({
      method: 'GET',
      url: `/wp-json/wc/v3/products?search=${encodeURIComponent(name)}`,
      headers: { 'x-forwarded-proto': 'https', authorization: basicOf(reader) },
    });
    return (r.json() as Array<{ name: string; regular_price: string }>).filter((p) => p.name === name);
  };
  let reader: { consumer_key: string; consumer_secret: string };
  beforeAll(async () => {
    reader = await keyOf('read');
  });

  it('should accept a body signed with the request, in the header or the query', async () => {
    const key = await keyOf('read_write');
    const endpoint = `${url}/wp-json/wc/v3/products`;
    const body = { name: 'Form tee + co', regular_price: '5.00', description: 'A & B = C ~ 100%' };
    const viaHeader = await fetch(endpoint, {
      method: 'POST',
      headers: { ...form, ...oauthHeader(key, { url: endpoint, method: 'POST', data: body }) },
      body: new URLSearchParams(body).toString(),
    });
    expect(viaHeader.status, await viaHeader.clone().text()).toBe(201);
    expect(await viaHeader.json()).toMatchObject({ name: 'Form tee + co', regular_price: '5.00' });

    const second = { ...body, name: 'Form tee two' };
    const query = signedWith(key, { url: endpoint, method: 'POST', data: second });
    const viaQuery = await fetch(`${endpoint}?${query}`, {
      method: 'POST',
      headers: form,
      body: new URLSearchParams(second).toString(),
    });
    expect(viaQuery.status).toBe(201);
    expect(await named('Form tee two')).toHaveLength(1);
  });

  it('should refuse a body changed after signing, or left out of the signature, and create nothing', async () => {
    const key = await keyOf('read_write');
    const endpoint = `${url}/wp-json/wc/v3/products`;
    const body = { name: 'Form tampered', regular_price: '50.00' };
    const signedBody = oauthHeader(key, { url: endpoint, method: 'POST', data: body });
    const tampered = await fetch(endpoint, {
      method: 'POST',
      headers: { ...form, ...signedBody },
      body: new URLSearchParams({ ...body, regular_price: '0.01' }).toString(),
    });
    expect(tampered.status).toBe(401);
    expect(await tampered.json()).toMatchObject({
      code: 'woocommerce_rest_authentication_error',
      message: 'Invalid signature - provided signature does not match.',
    });
    const unsigned = await fetch(endpoint, {
      method: 'POST',
      headers: { ...form, ...oauthHeader(key, { url: endpoint, method: 'POST' }) },
      body: new URLSearchParams(body).toString(),
    });
    expect(unsigned.status).toBe(401);
    expect(await named('Form tampered')).toEqual([]);
  });

  it('should refuse a signed form body over the body limit with 413', async () => {
    const key = await keyOf('read_write');
    const endpoint = `${url}/wp-json/wc/v3/products`;
    const body = { name: 'Form huge', description: 'x'.repeat(1024 * 1024) };
    const huge = await fetch(endpoint, {
      method: 'POST',
      headers: { ...form, ...oauthHeader(key, { url: endpoint, method: 'POST', data: body }) },
      body: new URLSearchParams(body).toString(),
    });
    expect(huge.status).toBe(413);
    expect(((await huge.json()) as { code: string }).code).toBe('rest_request_too_large');
  });
});

describe('keys sent in clear', () => {
  const https = { 'x-forwarded-proto': 'https' };
  const basic = (key: { consumer_key: string; consumer_secret: string }) => ({
    authorization: `Basic ${Buffer.from(`${key.consumer_key}:${key.consumer_secret}`).toString('base64')}`,
  });

  it('should accept Basic and query-string keys over HTTPS and refuse them over plain HTTP', async () => {
    const key = await keyOf('read');
    const viaBasic = await t.app.inject({
      method: 'GET',
      url: '/wp-json/wc/v3/products',
      headers: { ...https, ...basic(key) },
    });
    expect(viaBasic.statusCode).toBe(200);
    const query = `consumer_key=${key.consumer_key}&consumer_secret=${key.consumer_secret}`;
    const viaQuery = await t.app.inject({
      method: 'GET',
      url: `/wp-json/wc/v3/products?${query}`,
      headers: https,
    });
    expect(viaQuery.statusCode).toBe(200);

    const clear = await t.app.inject({ method: 'GET', url: '/wp-json/wc/v3/products', headers: basic(key) });
    expect(clear.statusCode).toBe(401);
    expect(clear.json().message).toMatch(/only over HTTPS/);
    const clearQuery = await t.app.inject({ method: 'GET', url: `/wp-json/wc/v3/products?${query}` });
    expect(clearQuery.statusCode).toBe(401);

    const wrong = await t.app.inject({
      method: 'GET',
      url: '/wp-json/wc/v3/products',
      headers: { ...https, ...basic({ ...key, consumer_secret: 'cs_nope' }) },
    });
    expect(wrong.json()).toMatchObject({
      code: 'woocommerce_rest_authentication_error',
      message: 'Consumer secret is invalid.',
    });
  });

  it('should refuse keys on logins, user management and the admin API, and never open a session', async () => {
    const key = await keyOf('read_write');
    for (const [method, path] of [
      ['GET', '/wp-json/wp/v2/users/me'],
      ['POST', '/wp-json/wp/v2/users/me/application-passwords'],
      ['GET', '/wp-json/auth/v1/nonce'],
      ['GET', `/wp-json/platform/v1/users/${owner.id}/api-keys`],
      ['GET', '/wp-admin/'],
    ] as const) {
      const answer = await t.app.inject({ method, url: path, headers: { ...https, ...basic(key) } });
      expect(answer.statusCode, path).toBe(401);
      expect(answer.json().code, path).toBe('woocommerce_rest_authentication_error');
      expect(answer.headers['set-cookie'], path).toBeUndefined();
    }
  });

  it('should refuse a revoked key at once (the CLI creates, lists and revokes)', async () => {
    const lines: string[] = [];
    const print = (line: string) => lines.push(line);
    const run = (name: string, args: string[], options: Record<string, string> = {}) =>
      platformCliCommands.find((c) => c.name.join(' ') === name)!.run(t.ctx, { args, options, print });
    expect(await run('api-key create', [owner.username, 'Accounting', 'sync'], { permissions: 'read' })).toBe(
      0,
    );
    const consumerKey = lines.find((l) => l.startsWith('consumer_key: '))!.slice(14);
    const consumerSecret = lines.find((l) => l.startsWith('consumer_secret: '))!.slice(17);
    const keyId = lines.find((l) => l.startsWith('key_id: '))!.slice(8);
    expect(consumerKey).toMatch(/^ck_[0-9a-f]{40}$/);
    expect(consumerSecret).toMatch(/^cs_[0-9a-f]{40}$/);
    const key = { consumer_key: consumerKey, consumer_secret: consumerSecret };
    const headers = { ...https, ...basic(key) };
    const before = await t.app.inject({ method: 'GET', url: '/wp-json/wc/v3/products', headers });
    expect(before.statusCode).toBe(200);

    lines.length = 0;
    await run('api-key list', [owner.username]);
    expect(lines.join('\n')).toContain(`${keyId}\tuser=${owner.id}\t…${consumerKey.slice(-7)}\tread\t`);
    expect(lines.join('\n')).not.toContain(consumerSecret);
    await expect(run('api-key create', [owner.username, 'x'], { permissions: 'all' })).rejects.toThrow(
      /--permissions/,
    );

    expect(await run('api-key revoke', [keyId])).toBe(0);
    const after = await t.app.inject({ method: 'GET', url: '/wp-json/wc/v3/products', headers });
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe('Consumer key is invalid.');
  });
});
