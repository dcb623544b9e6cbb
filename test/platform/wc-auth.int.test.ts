import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import WooCommerceModule from '@woocommerce/woocommerce-rest-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PinnedHttpClient } from '../../src/platform/http-client/public-http-client.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

// The package is CommonJS with `exports.default`: Node's ESM import sees it under `.default`, a bundler may not.
const WooCommerceRestApi =
  (WooCommerceModule as unknown as { default?: typeof WooCommerceModule.default }).default ??
  (WooCommerceModule as unknown as typeof WooCommerceModule.default);

// WooCommerce's app authorization flow end to end: a listening shop, an app's callback server on loopback (let in
// by the test-only switch), names answered by a fake resolver.
let t: TestApp;
let url: string;
let app: Server;
let appUrl: string;
let received: Array<Record<string, unknown>> = [];
let callbackStatus = 200;
let owner: Awaited<ReturnType<TestApp['createUser']>>;
let session: Awaited<ReturnType<TestApp['login']>>;

/** The fake resolver's answers; `rebind.app.example` answers a public address once, then a private one. */
const lookups: string[] = [];
async function fakeDns(hostname: string) {
  lookups.push(hostname);
  const times = lookups.filter((h) => h === hostname).length;
  const address =
    {
      'app.example': '93.184.215.14',
      'callback.app.example': '127.0.0.1',
      'intranet.app.example': '10.0.0.7',
      'rebind.app.example': times === 1 ? '93.184.215.14' : '10.0.0.7',
    }[hostname] ?? null;
  return address ? [{ address, family: 4 }] : [];
}

beforeAll(async () => {
  t = await createTestApp({
    options: { publicHttp: new PinnedHttpClient({ allowLoopback: true, lookup: fakeDns }) },
  });
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
const postForm = (fields: URLSearchParams, cookie: string) =>
  fetch(`${url}/wc-auth/v1/authorize`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: fields.toString(),
    redirect: 'manual',
  });
const keyCount = async (userId: number) =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/wp-json/platform/v1/users/${userId}/api-keys`,
      headers: session.headers,
    })
  ).json().length as number;

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
      [
        { return_url: 'https://app.example;script-src/x' },
        'The return_url is not a valid http or https URL.',
      ],
      [{ return_url: 'https://user@app.example/x' }, 'The return_url is not a valid http or https URL.'],
      [{ callback_url: "https://app.example'unsafe-inline'/cb" }, 'The callback_url is not a valid URL.'],
      [
        { callback_url: 'https://intranet.app.example/cb' },
        'The callback_url must not point to a loopback, private or link-local address.',
      ],
      [{ callback_url: 'https://169.254.169.254/cb' }, 'must not point to a loopback, private or link-local'],
      [{ callback_url: 'https://intranet/cb' }, 'The callback_url must name a public host'],
      [{ callback_url: 'https://nowhere.app.example/cb' }, 'The callback_url host could not be resolved.'],
      [
        { callback_url: 'https://app.example:6379/cb' },
        'The callback_url must use the port 443, 80 or 8080.',
      ],
    ] as const) {
      const answer = await fetch(`${url}/wc-auth/v1/authorize?${authorizeQuery(over)}`, {
        headers: cookieOnly(),
      });
      expect(answer.status, message).toBe(400);
      expect(answer.headers.get('content-type')).toContain('text/html');
      expect(await answer.text(), message).toContain(message);
    }
  });

  it('should keep anything but a plain origin out of the CSP header', async () => {
    const answer = await fetch(
      `${url}/wc-auth/v1/authorize?${authorizeQuery({ return_url: 'https://app.example;script-src/x' })}`,
      { headers: cookieOnly() },
    );
    expect(answer.status).toBe(400);
    expect(answer.headers.get('content-security-policy')).not.toContain('app.example');
  });

  it('should refuse a customer who is not a shop manager, on the page and on the form, and post nothing', async () => {
    received = [];
    const customer = await t.createUser({ role: 'customer' });
    const theirs = await t.login(customer);
    const query = authorizeQuery({ callback_url: `${appUrl}/internal-admin/reset` });
    const page = await fetch(`${url}/wc-auth/v1/authorize?${query}`, { headers: { cookie: theirs.cookie } });
    expect(page.status).toBe(403);
    expect(await page.text()).toContain('You do not have permission to access this page.');
    const fields = new URLSearchParams(query);
    fields.set('decision', 'approve');
    fields.set('_wpnonce', theirs.nonce);
    const approved = await postForm(fields, theirs.cookie);
    expect(approved.status).toBe(403);
    expect(received).toEqual([]);
    expect(await keyCount(customer.id)).toBe(0);
  });

  it('should let a shop manager connect an app', async () => {
    received = [];
    const manager = await t.createUser({ role: 'shop_manager' });
    const theirs = await t.login(manager);
    const page = await fetch(`${url}/wc-auth/v1/authorize?${authorizeQuery()}`, {
      headers: { cookie: theirs.cookie },
    });
    expect(page.status).toBe(200);
    const fields = formFields(await page.text());
    fields.set('decision', 'approve');
    expect((await postForm(fields, theirs.cookie)).status).toBe(302);
    expect(received).toHaveLength(1);
  });

  it.each([
    ['callback_url', () => `${appUrl}/internal-admin/`],
    ['return_url', () => 'https://other.example/return'],
    ['scope', () => 'read'],
    ['user_id', () => 'someone-else'],
    ['app_name', () => 'Another app'],
  ])(
    'should refuse an approval whose %s differs from the page the nonce was issued for',
    async (name, value) => {
      received = [];
      const page = await fetch(`${url}/wc-auth/v1/authorize?${authorizeQuery({ scope: 'write' })}`, {
        headers: cookieOnly(),
      });
      const fields = formFields(await page.text());
      fields.set(name, value());
      fields.set('decision', 'approve');
      const before = await keyCount(owner.id);
      const approved = await postForm(fields, session.cookie);
      expect(approved.status).toBe(403);
      expect(await approved.text()).toContain('The link you followed has expired.');
      expect(received).toEqual([]);
      expect(await keyCount(owner.id)).toBe(before);
    },
  );

  it('should post the keys to the address the callback host resolved to when it was checked', async () => {
    received = [];
    const query = authorizeQuery({
      callback_url: `${appUrl.replace('127.0.0.1', 'callback.app.example')}/cb`,
    });
    const page = await fetch(`${url}/wc-auth/v1/authorize?${query}`, { headers: cookieOnly() });
    expect(page.status).toBe(200);
    const fields = formFields(await page.text());
    fields.set('decision', 'approve');
    expect((await postForm(fields, session.cookie)).status).toBe(302);
    expect(received).toEqual([expect.objectContaining({ user_id: 'app-user-7' })]);
  });

  it('should check the callback host again on approval and create nothing when it now resolves inside', async () => {
    received = [];
    const query = authorizeQuery({ callback_url: 'https://rebind.app.example/cb' });
    const page = await fetch(`${url}/wc-auth/v1/authorize?${query}`, { headers: cookieOnly() });
    expect(page.status).toBe(200);
    const fields = formFields(await page.text());
    fields.set('decision', 'approve');
    const before = await keyCount(owner.id);
    const approved = await postForm(fields, session.cookie);
    expect(approved.status).toBe(400);
    expect(await approved.text()).toContain('must not point to a loopback, private or link-local address');
    expect(await keyCount(owner.id)).toBe(before);
  });
});

describe('/wc-auth/v1/authorize without the loopback switch', () => {
  it('should refuse to post keys to this machine, whatever the scheme, and reach nothing', async () => {
    const shop = await createTestApp();
    try {
      const admin = await shop.createUser({ role: 'administrator' });
      const { cookie } = await shop.login(admin);
      for (const [callback, message] of [
        [`${appUrl}/internal-admin/`, 'The callback_url needs to be over SSL.'],
        [`${appUrl.replace('http:', 'https:')}/internal-admin/`, 'must not point to a loopback'],
        ['https://[::1]/internal-admin/', 'must not point to a loopback'],
        ['https://0x7f000001/internal-admin/', 'must not point to a loopback'],
        ['https://localhost/internal-admin/', 'The callback_url must name a public host'],
      ] as const) {
        const answer = await shop.app.inject({
          method: 'GET',
          url: `/wc-auth/v1/authorize?${authorizeQuery({ callback_url: callback })}`,
          headers: { cookie },
        });
        expect(answer.statusCode, callback).toBe(400);
        expect(answer.body, callback).toContain(message);
      }
    } finally {
      await shop.close();
    }
  });
});
