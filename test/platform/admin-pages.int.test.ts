import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAdminEntry } from '../../src/platform/admin-pages/admin-assets.js';
import type { AdminBoot } from '../../src/platform/admin-pages/admin-boot.schemas.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

// The server side of the admin app: the login form (WordPress's field names), the shell page and its boot
// object, logging out through the nonce link, and the built files.
let t: TestApp;
let customer: Awaited<ReturnType<TestApp['createUser']>>;

beforeAll(async () => {
  t = await createTestApp();
  customer = await t.createUser({ role: 'customer' });
});
afterAll(async () => t.close());

function form(fields: Record<string, string>): string {
  return new URLSearchParams(fields).toString();
}

async function logIn(fields: Record<string, string>) {
  return t.app.inject({
    method: 'POST',
    url: '/wp-login.php',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form(fields),
  });
}

function cookieOf(response: { cookies: Array<{ name: string; value: string }> }): string {
  const cookie = response.cookies.find((c) => c.name === 'storeside_logged_in');
  if (!cookie) throw new Error('no session cookie');
  return `${cookie.name}=${cookie.value}`;
}

function bootOf(html: string): AdminBoot {
  const match = html.match(/<script type="application\/json" id="storeside-boot">(.*?)<\/script>/s);
  if (!match) throw new Error('no boot object');
  return JSON.parse(match[1]!) as AdminBoot;
}

describe('GET /wp-admin/…', () => {
  it('should send a logged-out visitor to the login form with the page to come back to', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/wp-admin/loyalty/ledger?user_id=4' });
    expect(r.statusCode).toBe(302);
    expect(r.headers.location).toBe(
      `/wp-login.php?redirect_to=${encodeURIComponent('/wp-admin/loyalty/ledger?user_id=4')}`,
    );
  });

  it('should answer the shell with a boot object whose nonce works, and never let it be cached', async () => {
    const cookie = cookieOf(await logIn({ log: 'admin', pwd: 'admin-password-1' }));
    const r = await t.app.inject({ method: 'GET', url: '/wp-admin/loyalty/settings', headers: { cookie } });
    expect(r.statusCode).toBe(200);
    expect(r.headers['cache-control']).toBe('no-store');
    expect(r.headers['content-security-policy']).toContain("script-src 'self'");
    const boot = bootOf(r.body);
    expect(boot).toMatchObject({
      root: '/wp-json/',
      nonceEndpoint: '/wp-admin/admin-ajax.php?action=rest-nonce',
      currency: 'USD',
      siteName: 'Storeside',
      user: { username: 'admin', role: 'administrator' },
    });
    expect(boot.capabilities).toEqual(expect.arrayContaining(['manage_loyalty', 'list_users']));
    expect(boot.modules.map((m) => m.name)).toEqual(expect.arrayContaining(['platform', 'loyalty']));
    const settings = await t.app.inject({
      method: 'GET',
      url: '/wp-json/loyalty/v1/settings',
      headers: { cookie, 'x-wp-nonce': boot.nonce },
    });
    expect(settings.statusCode).toBe(200);
    const entry = readAdminEntry();
    expect(r.body).toContain(`<script type="module" src="/wp-admin/assets/${entry!.script}"></script>`);
  });

  it('should escape what the boot object carries so nothing in it can close the script element', async () => {
    await t.ctx.options.set('blogname', '</script><script>alert(1)</script>');
    try {
      const cookie = cookieOf(await logIn({ log: 'admin', pwd: 'admin-password-1' }));
      const r = await t.app.inject({ method: 'GET', url: '/wp-admin/', headers: { cookie } });
      expect(r.body).not.toContain('<script>alert(1)');
      expect(bootOf(r.body).siteName).toBe('</script><script>alert(1)</script>');
      expect(r.body).toContain('<title>Dashboard ‹ &lt;/script&gt;');
    } finally {
      await t.ctx.options.delete('blogname');
    }
  });

  it('should refuse a user without an admin capability with a 403 page that links to the shop', async () => {
    const cookie = cookieOf(await logIn({ log: customer.username, pwd: customer.password }));
    const r = await t.app.inject({ method: 'GET', url: '/wp-admin/', headers: { cookie } });
    expect(r.statusCode).toBe(403);
    expect(r.headers['content-type']).toContain('text/html');
    expect(r.body).toContain('Sorry, you are not allowed to access this page.');
    expect(r.body).toContain('<a href="/">');
    expect(r.body).not.toContain('storeside-boot');
  });

  it('should serve the built files as immutable, pre-compressed when the client accepts it', async () => {
    const entry = readAdminEntry()!;
    const r = await t.app.inject({
      method: 'GET',
      url: `/wp-admin/assets/${entry.script}`,
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toContain('javascript');
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.headers['cache-control']).toContain('immutable');
    const missing = await t.app.inject({ method: 'GET', url: '/wp-admin/assets/nothing-here.js' });
    expect(missing.statusCode).toBe(404);
  });
});

describe('/wp-login.php', () => {
  it('should show the form with its labelled fields, and send a logged-in user to the admin', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/wp-login.php?redirect_to=%2Fwp-admin%2Fusers' });
    expect(r.statusCode).toBe(200);
    for (const label of ['Username or Email Address', 'Password', 'Remember Me', 'Log In'])
      expect(r.body).toContain(label);
    expect(r.body).toContain('name="redirect_to" value="/wp-admin/users"');
    const cookie = cookieOf(await logIn({ log: 'admin', pwd: 'admin-password-1' }));
    const again = await t.app.inject({ method: 'GET', url: '/wp-login.php', headers: { cookie } });
    expect(again.statusCode).toBe(302);
    expect(again.headers.location).toBe('/wp-admin/');
  });

  it('should log in with WordPress field names, keep the cookie only with Remember Me, and follow a local redirect_to', async () => {
    const remembered = await logIn({
      log: 'admin',
      pwd: 'admin-password-1',
      rememberme: 'forever',
      redirect_to: '/wp-admin/loyalty/ledger?paged=2',
    });
    expect(remembered.statusCode).toBe(302);
    expect(remembered.headers.location).toBe('/wp-admin/loyalty/ledger?paged=2');
    expect(remembered.cookies.find((c) => c.name === 'storeside_logged_in')?.maxAge).toBe(14 * 86400);
    const session = await logIn({ log: 'admin', pwd: 'admin-password-1' });
    expect(session.cookies.find((c) => c.name === 'storeside_logged_in')?.maxAge).toBeUndefined();
  });

  it.each([
    'https://evil.example/wp-admin/',
    '//evil.example/',
    '/\\evil.example/',
    'javascript:alert(1)',
    '/.//evil.example/x',
    '/%2e//evil.example/x',
    '/.\\/evil.example/x',
    '/a/..//evil.example/x',
    '/\t/evil.example/x',
  ])('should ignore the redirect_to %s', async (target) => {
    const r = await logIn({ log: 'admin', pwd: 'admin-password-1', redirect_to: target });
    expect(r.statusCode).toBe(302);
    expect(r.headers.location).toBe('/wp-admin/');
  });

  it('should send a logged-in user to the admin, not off the site, for a redirect_to that normalises to //host', async () => {
    const cookie = cookieOf(await logIn({ log: 'admin', pwd: 'admin-password-1' }));
    for (const query of ['/%252e//evil.example/', '/.//evil.example/', '/%2e%2e//evil.example/']) {
      const r = await t.app.inject({
        method: 'GET',
        url: `/wp-login.php?redirect_to=${query}`,
        headers: { cookie },
      });
      expect(r.statusCode, query).toBe(302);
      expect(r.headers.location, query).toBe('/wp-admin/');
    }
  });

  it('should not carry an off-site redirect_to into the form', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/wp-login.php?redirect_to=/%252e//evil.example/' });
    expect(r.statusCode).toBe(200);
    expect(r.body).toContain('name="redirect_to" value=""');
  });

  it('should send a customer to the shop, not to an admin they cannot open', async () => {
    const r = await logIn({ log: customer.email, pwd: customer.password });
    expect(r.statusCode).toBe(302);
    expect(r.headers.location).toBe('/');
  });

  it('should answer a wrong password with the form and an escaped alert, and set no cookie', async () => {
    const r = await logIn({ log: '"><script>x()</script>', pwd: 'wrong' });
    expect(r.statusCode).toBe(401);
    expect(r.body).toContain('role="alert"');
    expect(r.body).toContain('value="&quot;&gt;&lt;script&gt;x()&lt;/script&gt;"');
    expect(r.body).not.toContain('<script>x()');
    expect(r.cookies.some((c) => c.name === 'storeside_logged_in')).toBe(false);
  });

  it('should refuse a form without the password with 400 and no session', async () => {
    const r = await logIn({ log: 'admin' });
    expect(r.statusCode).toBe(400);
    expect(r.body).toContain('The username and the password are both required.');
    expect(r.cookies).toEqual([]);
  });

  it('should log out only through the nonce link, and ask first without it', async () => {
    const cookie = cookieOf(await logIn({ log: 'admin', pwd: 'admin-password-1' }));
    const unsigned = await t.app.inject({
      method: 'GET',
      url: '/wp-login.php?action=logout&_wpnonce=0000000000',
      headers: { cookie },
    });
    expect(unsigned.statusCode).toBe(200);
    expect(unsigned.body).toContain('Do you really want to log out?');
    const me = await t.app.inject({ method: 'GET', url: '/wp-admin/', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    const logout = await t.app.inject({ method: 'GET', url: bootOf(me.body).logoutUrl, headers: { cookie } });
    expect(logout.statusCode).toBe(302);
    expect(logout.headers.location).toBe('/wp-login.php?loggedout=true');
    const after = await t.app.inject({ method: 'GET', url: '/wp-admin/', headers: { cookie } });
    expect(after.statusCode).toBe(302);
  });
});
