import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import WooCommerceModule from '@woocommerce/woocommerce-rest-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

// The package is CommonJS with `exports.default`: Node's ESM import sees it under `.default`, a bundler may not.
const WooCommerceRestApi =
  (WooCommerceModule as unknown as { default?: typeof WooCommerceModule.default }).default ??
  (WooCommerceModule as unknown as typeof WooCommerceModule.default);

// WooCommerce's app authorization flow end to end: a listening shop, an app's callback server on loopback.
let t: TestApp;
let url: string;
let app: Server;
let appUrl: string;
let received: Array<Record<string, unknown>> = [];
let callbackStatus = 200;
let owner: Awaited<ReturnType<TestApp['createUser']>>;
let session: Awaited<ReturnType<TestApp['login']>>;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  app = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push({
        method: request.method,
        type: request.headers['content-type'],
        ...JSON.parse(body || '{}'),
      });
      response.writeHead(callbackStatus).end();
    });
  });
  await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
  appUrl = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
  owner = await t.createUser({ role: 'administrator' });
  session = await t.login(owner);
});
afterAll(async () => {
  await new Promise((resolve) => app.close(resolve));
  await t.close();
});

const authorizeQuery = (over: Record<string, string> = {}) =>
  new URLSearchParams({
    app_name: 'Ship <Fast>',
    scope: 'read_write',
    user_id: 'app-user-7',
    return_url: 'https://app.example/return?from=shop',
    callback_url: `${appUrl}/wc-callback`,
    ...over,
  });
/** The hidden fields and the nonce of the approval page. */
function formFields(page: string): URLSearchParams {
  const fields = new URLSearchParams();
  for (const match of page.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g))
    fields.set(match[1]!, match[2]!.replaceAll('&amp;', '&').replaceAll('&lt;', '<').replaceAll('&gt;', '>'));
  return fields;
}
const cookieOnly = () => ({ cookie: session.cookie });

describe('/wc-auth/v1/authorize', () => {
  it('should send a logged-out visitor to log in first, and back', async () => {
    const answer = await fetch(`${url}/wc-auth/v1/authorize?${authorizeQuery()}`, { redirect: 'manual' });
    expect(answer.status).toBe(302);
    const location = new URL(answer.headers.get('location')!, url);
    expect(location.pathname).toBe('/wp-login.php');
    expect(location.searchParams.get('redirect_to')).toBe(`/wc-auth/v1/authorize?${authorizeQuery()}`);
  });

  it('should create a key on approval, POST it to the callback and return with success=1', async () => {
    received = [];
    const page = await fetch(`${url}/wc-auth/v1/authorize?${authorizeQuery()}`, { headers: cookieOnly() });
    expect(page.status).toBe(200);
    const text = await page.text();
    expect(text).toContain('Ship &lt;Fast&gt; would like to connect to your store');
    expect(text).toContain('<strong>read_write</strong>');
    expect(page.headers.get('content-security-policy')).toContain("form-action 'self' https://app.example");

    const fields = formFields(text);
    fields.set('decision', 'approve');
    const approved = await fetch(`${url}/wc-auth/v1/authorize`, {
      method: 'POST',
      headers: { ...cookieOnly(), 'content-type': 'application/x-www-form-urlencoded' },
      body: fields.toString(),
      redirect: 'manual',
    });
    expect(approved.status).toBe(302);
    expect(approved.headers.get('location')).toBe(
      'https://app.example/return?from=shop&success=1&user_id=app-user-7',
    );
    expect(received).toHaveLength(1);
    const keys = received[0]!;
    expect(keys).toMatchObject({
      method: 'POST',
      type: 'application/json',
      user_id: 'app-user-7',
      key_permissions: 'read_write',
      key_id: expect.any(Number),
      consumer_key: expect.stringMatching(/^ck_[0-9a-f]{40}$/),
      consumer_secret: expect.stringMatching(/^cs_[0-9a-f]{40}$/),
    });

    // The keys work with the official client, and the key is listed as the app's.
    const api = new WooCommerceRestApi({
      url,
      consumerKey: keys.consumer_key as string,
      consumerSecret: keys.consumer_secret as string,
      version: 'wc/v3',
    });
    const created = await api.post('products', { name: 'From the app', regular_price: '3.00' });
    expect(created.status).toBe(201);
    const listed = await t.app.inject({
      method: 'GET',
      url: `/wp-json/platform/v1/users/${owner.id}/api-keys`,
      headers: session.headers,
    });
    expect(listed.json()).toEqual([
      expect.objectContaining({
        key_id: keys.key_id,
        description: expect.stringMatching(/^Ship <Fast> - API \(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\)$/),
        permissions: 'read_write',
        truncated_key: (keys.consumer_key as string).slice(-7),
        last_access: expect.any(String),
      }),
    ]);
  });

  it('should return with success=0 on denial and create nothing', async () => {
    received = [];
    const page = await fetch(`${url}/wc-auth/v1/authorize?${authorizeQuery({ scope: 'read' })}`, {
      headers: cookieOnly(),
    });
    const fields = formFields(await page.text());
    fields.set('decision', 'deny');
    const denied = await fetch(`${url}/wc-auth/v1/authorize`, {
      method: 'POST',
      headers: { ...cookieOnly(), 'content-type': 'application/x-www-form-urlencoded' },
      body: fields.toString(),
      redirect: 'manual',
    });
    expect(denied.headers.get('location')).toBe(
      'https://app.example/return?from=shop&success=0&user_id=app-user-7',
    );
    expect(received).toHaveLength(0);
  });

  it('should refuse a form without a valid nonce and revoke the key when the callback fails', async () => {
    const fields = authorizeQuery();
    fields.set('decision', 'approve');
    fields.set('_wpnonce', 'bad');
    const post = (body: URLSearchParams) =>
      fetch(`${url}/wc-auth/v1/authorize`, {
        method: 'POST',
        headers: { ...cookieOnly(), 'content-type': 'application/x-www-form-urlencoded' },
        body: body.toString(),
        redirect: 'manual',
      });
    expect((await post(fields)).status).toBe(403);

    const page = await fetch(`${url}/wc-auth/v1/authorize?${authorizeQuery()}`, { headers: cookieOnly() });
    const good = formFields(await page.text());
    good.set('decision', 'approve');
    callbackStatus = 500;
    const before = (
      await t.app.inject({
        method: 'GET',
        url: `/wp-json/platform/v1/users/${owner.id}/api-keys`,
        headers: session.headers,
      })
    ).json().length;
    const failed = await post(good);
    callbackStatus = 200;
    expect(failed.status).toBe(502);
    expect(await failed.text()).toContain('unable to send the consumer data');
    const after = (
      await t.app.inject({
        method: 'GET',
        url: `/wp-json/platform/v1/users/${owner.id}/api-keys`,
        headers: session.headers,
      })
    ).json().length;
    expect(after).toBe(before);
  });

  it('should answer bad parameters with a readable 400 page', async () => {
    for (const [over, message] of [
      [{ app_name: '' }, 'Missing parameter app_name.'],
      [{ scope: 'admin' }, 'Invalid scope: it must be read, write or read_write.'],
      [{ user_id: '' }, 'Missing parameter user_id.'],
      [{ return_url: 'javascript:alert(1)' }, 'The return_url is not a valid http or https URL.'],
      [{ callback_url: 'http://app.example/cb' }, 'The callback_url needs to be over SSL.'],
    ] as const) {
      const answer = await fetch(`${url}/wc-auth/v1/authorize?${authorizeQuery(over)}`, {
        headers: cookieOnly(),
      });
      expect(answer.status, message).toBe(400);
      expect(answer.headers.get('content-type')).toContain('text/html');
      expect(await answer.text(), message).toContain(message);
    }
  });
});
