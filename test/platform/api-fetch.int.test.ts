import apiFetchModule from '@wordpress/api-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

// WordPress's own REST client, unchanged, against a listening server. In the browser it relies on the
// cookie jar; here a small fetch wrapper keeps cookies the same way (Set-Cookie in, Cookie out).
// Node loads the package's ESM build (default export = apiFetch) but TypeScript reads its types as CommonJS.
const apiFetch = apiFetchModule as unknown as typeof apiFetchModule.default;
const realFetch = globalThis.fetch;
const jar = new Map<string, string>();
let t: TestApp;
let base: string;
let user: Awaited<ReturnType<TestApp['createUser']>>;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as { port: number };
  base = `http://127.0.0.1:${port}`;
  user = await t.createUser({ role: 'customer' });
  globalThis.fetch = cookieFetch;
  apiFetch.use(apiFetch.createRootURLMiddleware(`${base}/wp-json/`));
  apiFetch.nonceEndpoint = `${base}/wp-admin/admin-ajax.php?action=rest-nonce`;
});
afterAll(async () => {
  globalThis.fetch = realFetch;
  await t.close();
});

describe('@wordpress/api-fetch against a listening server', () => {
  it('should be refused with 401 when it calls with the login cookie but without a nonce', async () => {
    await apiFetch({
      path: '/auth/v1/login',
      method: 'POST',
      data: { username: user.username, password: user.password },
    });
    expect(jar.has('storeside_logged_in')).toBe(true);
    await expect(apiFetch({ path: '/wp/v2/users/me' })).rejects.toMatchObject({
      code: 'rest_not_logged_in',
      data: { status: 401 },
    });
  });

  it('should log in, read users/me and create an application password with the nonce middleware', async () => {
    const login = await apiFetch<{ user: { id: number }; nonce: string }>({
      path: '/auth/v1/login',
      method: 'POST',
      data: { username: user.username, password: user.password },
    });
    expect(login.user.id).toBe(user.id);
    const nonceMiddleware = apiFetch.createNonceMiddleware(login.nonce);
    apiFetch.nonceMiddleware = nonceMiddleware;
    apiFetch.use(nonceMiddleware);

    const me = await apiFetch<{ id: number; username: string; roles: string[] }>({
      path: '/wp/v2/users/me?context=edit',
    });
    expect(me).toMatchObject({ id: user.id, username: user.username, roles: ['customer'] });

    const created = await apiFetch<{ uuid: string; password: string }>({
      path: '/wp/v2/users/me/application-passwords',
      method: 'POST',
      data: { name: 'api-fetch test' },
    });
    expect(created.password).toMatch(/^([A-Za-z0-9]{4} ){5}[A-Za-z0-9]{4}$/);
    const byPassword = await realFetch(`${base}/wp-json/wp/v2/users/me`, {
      headers: {
        authorization: `Basic ${Buffer.from(`${user.username}:${created.password}`).toString('base64')}`,
      },
    });
    expect(byPassword.status).toBe(200);

    const list = await apiFetch<Array<{ uuid: string }>>({ path: '/wp/v2/users/me/application-passwords' });
    expect(list.map((p) => p.uuid)).toContain(created.uuid);
    const removed = await apiFetch<{ deleted: boolean }>({
      path: `/wp/v2/users/me/application-passwords/${created.uuid}`,
      method: 'DELETE',
    });
    expect(removed.deleted).toBe(true);
  });

  it('should recover from a stale nonce through admin-ajax.php?action=rest-nonce, as api-fetch does', async () => {
    apiFetch.nonceMiddleware!.nonce = 'ffffffffff';
    const me = await apiFetch<{ id: number }>({ path: '/wp/v2/users/me' });
    expect(me.id).toBe(user.id);
    expect(apiFetch.nonceMiddleware!.nonce).toMatch(/^[0-9a-f]{10}$/);
    expect(apiFetch.nonceMiddleware!.nonce).not.toBe('ffffffffff');
  });

  it('should hand back the raw response with parse: false, and log out through the cookie', async () => {
    const response = await apiFetch<Response, false>({
      path: '/wp/v2/users/me/application-passwords',
      parse: false,
    });
    expect(response.status).toBe(200);
    const logout = await apiFetch<{ success: boolean }>({ path: '/auth/v1/logout', method: 'POST' });
    expect(logout.success).toBe(true);
    expect(jar.has('storeside_logged_in')).toBe(false);
    await expect(apiFetch({ path: '/wp/v2/users/me' })).rejects.toMatchObject({ data: { status: 401 } });
  });
});

/** `fetch` with a one-site cookie jar, like a browser's `credentials: 'include'`. */
async function cookieFetch(input: string | URL | Request, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (jar.size > 0) headers.set('cookie', [...jar].map(([name, value]) => `${name}=${value}`).join('; '));
  const response = await realFetch(input, { ...init, headers });
  for (const line of response.headers.getSetCookie()) {
    const [pair = ''] = line.split(';');
    const eq = pair.indexOf('=');
    const name = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    const expired = /max-age=0|expires=thu, 01 jan 1970/i.test(line);
    if (value === '' || expired) jar.delete(name);
    else jar.set(name, value);
  }
  return response;
}
