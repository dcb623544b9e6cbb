import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

// The site icon as WordPress serves it: a default at /favicon.ico, replaceable through /wp/v2/settings, linked
// from every storefront and admin page.
let t: TestApp;
let admin: Record<string, string>;
let adminCookie: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  const boss = await t.createUser({ role: 'administrator' });
  admin = await t.appPasswordHeader(boss);
  adminCookie = (await t.login(boss)).headers;
});
afterAll(async () => t?.close());

const settings = (payload?: object, headers = admin) =>
  t.app.inject({ method: payload ? 'POST' : 'GET', url: '/wp-json/wp/v2/settings', headers, payload });
const favicon = () => t.app.inject({ method: 'GET', url: '/favicon.ico' });
const iconLink = async (url: string, headers: Record<string, string> = {}) =>
  (await t.app.inject({ method: 'GET', url, headers })).body.match(/<link rel="icon" href="([^"]+)">/)?.[1];

describe('the site icon', () => {
  it('should serve a default icon at /favicon.ico, cacheable, and link it from storefront and admin pages', async () => {
    const r = await favicon();
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('image/x-icon');
    expect(r.headers['cache-control']).toBe('public, max-age=86400');
    expect([...r.rawPayload.subarray(0, 4)]).toEqual([0, 0, 1, 0]);
    expect(r.rawPayload.subarray(22, 26).toString('latin1')).toBe('\x89PNG');
    expect(await iconLink('/')).toBe('/favicon.ico');
    expect(await iconLink('/shop/')).toBe('/favicon.ico');
    expect(await iconLink('/wp-admin/', adminCookie)).toBe('/favicon.ico');
  });

  it('should show the settings to administrators only', async () => {
    const r = await settings();
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({
      title: 'Storeside',
      url: 'http://shop.test',
      site_icon_url: '',
      fileupload_maxk: 8192,
    });
    expect((await settings(undefined, {})).statusCode).toBe(401);
    const customer = await t.appPasswordHeader(await t.createUser({ role: 'customer' }));
    expect((await settings(undefined, customer)).statusCode).toBe(403);
    expect((await settings({ site_icon_url: '/x.png' }, customer)).statusCode).toBe(403);
  });

  it('should serve the icon set in the settings at once, and the default again once it is cleared', async () => {
    const set = await settings({ site_icon_url: 'https://cdn.example/icon.png', title: 'Tea & Co' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ title: 'Tea & Co', site_icon_url: 'https://cdn.example/icon.png' });
    let r = await favicon();
    expect(r.statusCode).toBe(302);
    expect(r.headers.location).toBe('https://cdn.example/icon.png');
    expect(await iconLink('/')).toBe('https://cdn.example/icon.png');
    expect(await iconLink('/wp-admin/', adminCookie)).toBe('https://cdn.example/icon.png');

    await settings({ site_icon_url: '/assets/placeholder.svg' });
    r = await favicon();
    expect(r.headers.location).toBe('/assets/placeholder.svg');
    const icon = await t.app.inject({ method: 'GET', url: r.headers.location as string });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toBe('image/svg+xml');

    await settings({ site_icon_url: '' });
    expect((await favicon()).statusCode).toBe(200);
    expect(await iconLink('/')).toBe('/favicon.ico');
  });

  it('should refuse an icon that is not an https URL or a path on this site, changing nothing', async () => {
    for (const bad of [
      'http://cdn.example/i.png',
      '//evil.example/i.png',
      'javascript:alert(1)',
      '/a b.png',
      '/\\evil',
    ]) {
      const r = await settings({ site_icon_url: bad, title: 'Changed' });
      expect(r.statusCode, bad).toBe(400);
      expect(r.json().code).toBe('rest_invalid_param');
      expect(r.json().data.params.site_icon_url).toBeDefined();
    }
    expect((await settings()).json()).toMatchObject({ site_icon_url: '', title: 'Tea & Co' });
  });
});
