import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/platform/config/config.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { adjust } from '../loyalty/helpers.js';

// The site is http://shop.test (STORESIDE_PUBLIC_URL of the test app); one admin panel elsewhere is trusted.
const PANEL = 'https://panel.example';
const SIBLING = 'https://evil.shop.test';

let t: TestApp;
let session: Awaited<ReturnType<TestApp['login']>>;

beforeAll(async () => {
  t = await createTestApp({ env: { STORESIDE_CORS_ORIGINS: `${PANEL}, https://other-panel.example:8443` } });
  const admin = await t.createUser({ role: 'administrator' });
  session = await t.login(admin);
});
afterAll(async () => {
  await t.close();
});

function get(url: string, headers: Record<string, string>) {
  return t.app.inject({ method: 'GET', url, headers });
}

describe('CORS', () => {
  it('should let the site itself and the configured origins call with credentials', async () => {
    for (const origin of ['http://shop.test', PANEL, 'https://other-panel.example:8443']) {
      const r = await get('/wp-json/wp/v2/users/me', { ...session.headers, origin });
      expect(r.statusCode).toBe(200);
      expect(r.headers['access-control-allow-origin']).toBe(origin);
      expect(r.headers['access-control-allow-credentials']).toBe('true');
    }
  });

  it('should never allow credentials to an origin outside the list, a sibling subdomain included', async () => {
    for (const origin of [SIBLING, 'http://shop.test.evil.example', 'null', 'https://panel.example.evil']) {
      const r = await get('/wp-json/wp/v2/users/me', { ...session.headers, origin });
      expect(r.headers['access-control-allow-credentials']).toBeUndefined();
      // Public, credential-less reads stay open to any page, as WordPress's are.
      expect(r.headers['access-control-allow-origin']).toBe(origin);
    }
  });

  it('should never make the nonce readable cross-origin, not even to a configured origin', async () => {
    for (const origin of [PANEL, SIBLING]) {
      const r = await get('/wp-json/auth/v1/nonce', { ...session.headers, origin });
      expect(r.statusCode).toBe(200);
      expect(r.headers['access-control-allow-origin']).toBeUndefined();
      expect(r.headers['access-control-allow-credentials']).toBeUndefined();
      expect(r.headers.vary).toContain('Origin');
    }
  });

  it('should answer a preflight with the methods and headers, credentials only for listed origins', async () => {
    const listed = await t.app.inject({
      method: 'OPTIONS',
      url: '/wp-json/wp/v2/users/1',
      headers: { origin: PANEL, 'access-control-request-method': 'DELETE' },
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.headers['access-control-allow-methods']).toContain('DELETE');
    expect(listed.headers['access-control-allow-headers']).toContain('X-WP-Nonce');
    expect(listed.headers['access-control-allow-credentials']).toBe('true');
    const other = await t.app.inject({
      method: 'OPTIONS',
      url: '/wp-json/wp/v2/users/1',
      headers: { origin: SIBLING, 'access-control-request-method': 'DELETE' },
    });
    expect(other.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('should refuse a STORESIDE_CORS_ORIGINS entry that is not an origin', () => {
    for (const bad of ['panel.example', 'ftp://panel.example', 'https://panel.example/admin', 'https://']) {
      expect(() =>
        loadConfig(
          { STORESIDE_SECRET: 'x'.repeat(40), STORESIDE_CORS_ORIGINS: bad },
          { readSecretFile: false },
        ),
      ).toThrow(ConfigError);
    }
  });
});

describe('Vary and Accept-Encoding', () => {
  // A ledger page over 1 kB: answers of that size go out compressed when the client accepts it.
  const me = '/wp-json/loyalty/v1/ledger?per_page=20';
  beforeAll(async () => {
    const customer = await t.createUser();
    for (let i = 0; i < 12; i++) await adjust(t, session.headers, { user_id: customer.id, amount: 5 + i });
  });

  it('should name Origin and Accept-Encoding in Vary on a compressed answer', async () => {
    const r = await get(me, { ...session.headers, origin: PANEL, 'accept-encoding': 'gzip, br' });
    expect(r.headers['content-encoding']).toBe('br');
    const vary = String(r.headers.vary)
      .split(',')
      .map((name) => name.trim());
    expect(vary).toEqual(expect.arrayContaining(['Origin', 'Accept-Encoding']));
    const plain = await get(me, { ...session.headers, 'accept-encoding': 'gzip' });
    expect(String(plain.headers.vary)).toContain('Origin');
    expect(String(plain.headers.vary)).toContain('Accept-Encoding');
  });

  it('should honour q-values: br;q=0 means no Brotli, gzip;q=0 no gzip either', async () => {
    const noBrotli = await get(me, { ...session.headers, 'accept-encoding': 'br;q=0, gzip' });
    expect(noBrotli.headers['content-encoding']).toBe('gzip');
    const neither = await get(me, { ...session.headers, 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(neither.headers['content-encoding']).toBeUndefined();
    expect(neither.json()).toHaveLength(12);
    const any = await get(me, { ...session.headers, 'accept-encoding': '*' });
    expect(any.headers['content-encoding']).toBe('br');
  });
});
