import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVideosTestApp, type VideosTestApp } from './videos-helpers.js';

let v: VideosTestApp;

beforeAll(async () => {
  v = await createVideosTestApp();
});
afterAll(() => v.close());

/** Starts the flow as the admin and follows the fake proxy's consent redirect; returns the callback path. */
async function consent(headers = v.admin): Promise<{ proxy: URL; callback: URL }> {
  const start = await v.api(
    'GET',
    `/videos/v1/videoplatform/oauth-connect?_wpnonce=${headers['x-wp-nonce']}`,
    undefined,
    {
      cookie: headers.cookie!,
    },
  );
  expect(start.statusCode).toBe(302);
  const proxy = new URL(String(start.headers.location));
  const answer = await fetch(proxy, { redirect: 'manual' });
  expect(answer.status).toBe(302);
  return { proxy, callback: new URL(String(answer.headers.get('location'))) };
}

const callbackPath = (url: URL) => `${url.pathname.replace('/wp-json', '')}${url.search}`;

describe('OAuth through the proxy', () => {
  it('should redirect to the proxy with action, domain, a signed state and a callback carrying _wpnonce', async () => {
    v.youtube.addChannel({ title: 'Consenting Channel', videoCount: 3 });
    const { proxy } = await consent();
    expect(proxy.searchParams.get('action')).toBe('connect');
    expect(proxy.searchParams.get('domain')).toBe('http://shop.test');
    expect(proxy.searchParams.get('state')).toMatch(/^[\w-]+\.[0-9a-f]{64}$/);
    const redirect = new URL(proxy.searchParams.get('redirect_uri')!);
    expect(redirect.origin + redirect.pathname).toBe(
      'http://shop.test/wp-json/videos/v1/videoplatform/oauth-callback',
    );
    expect(redirect.searchParams.get('_wpnonce')).toMatch(/^[0-9a-f]{10}$/);
  });

  it('should connect on the callback with cookie + _wpnonce, store the refresh token encrypted, and refuse a replay', async () => {
    const { callback } = await consent();
    const refresh = callback.searchParams.get('refresh_token')!;
    const r = await v.api('GET', callbackPath(callback), undefined, { cookie: v.admin.cookie! });
    expect(r.statusCode).toBe(200);
    expect(r.json().data).toMatchObject({
      connection_status: 'connected',
      channel_name: 'Consenting Channel',
      refresh_token_set: true,
    });
    const stored = await v.t.ctx.db
      .selectFrom('options')
      .selectAll()
      .where('name', '=', 'videos_refresh_token')
      .executeTakeFirstOrThrow();
    expect(stored.value).not.toContain(refresh);
    const replay = await v.api('GET', callbackPath(callback), undefined, { cookie: v.admin.cookie! });
    expect([replay.statusCode, replay.json().code]).toEqual([400, 'videos_oauth_state_invalid']);
  });

  it('should refuse a tampered, expired or another admin’s state', async () => {
    const { callback } = await consent();
    const tampered = new URL(callback);
    const state = tampered.searchParams.get('state')!;
    tampered.searchParams.set('state', `${state.slice(0, -1)}${state.endsWith('0') ? '1' : '0'}`);
    expect(
      (await v.api('GET', callbackPath(tampered), undefined, { cookie: v.admin.cookie! })).statusCode,
    ).toBe(400);

    const other = await v.t.createUser({ role: 'administrator' });
    const otherSession = await v.t.login(other);
    const url = new URL(callback);
    url.searchParams.set('_wpnonce', otherSession.nonce);
    const stolen = await v.api('GET', callbackPath(url), undefined, { cookie: otherSession.cookie });
    expect([stolen.statusCode, stolen.json().code]).toEqual([400, 'videos_oauth_state_invalid']);

    const late = await consent();
    v.clock.advance(11 * 60 * 1000);
    const expired = await v.api('GET', callbackPath(late.callback), undefined, { cookie: v.admin.cookie! });
    expect([expired.statusCode, expired.json().code]).toEqual([400, 'videos_oauth_state_invalid']);
  });

  it('should refuse the callback without a nonce (401) and for a customer (403)', async () => {
    const { callback } = await consent();
    const noNonce = new URL(callback);
    noNonce.searchParams.delete('_wpnonce');
    expect(
      (await v.api('GET', callbackPath(noNonce), undefined, { cookie: v.admin.cookie! })).statusCode,
    ).toBe(401);
    const customer = new URL(callback);
    customer.searchParams.set('_wpnonce', v.customer['x-wp-nonce']!);
    expect(
      (await v.api('GET', callbackPath(customer), undefined, { cookie: v.customer.cookie! })).statusCode,
    ).toBe(403);
    expect((await v.api('GET', '/videos/v1/videoplatform/oauth-connect', undefined, {})).statusCode).toBe(
      401,
    );
    expect(
      (await v.api('GET', '/videos/v1/videoplatform/oauth-connect', undefined, v.customer)).statusCode,
    ).toBe(403);
    const missingState = await v.api('GET', '/videos/v1/videoplatform/oauth-callback');
    expect(missingState.statusCode).toBe(400);
  });

  it('should show an access code when there is no redirect_uri (copy-and-paste flow)', async () => {
    const page = await fetch(
      `${v.t.config.services.VIDEOS_OAUTH_PROXY_URL}?action=connect&domain=http://shop.test`,
    );
    expect(await page.text()).toMatch(/id="access-code">1\/\//);
  });
});

describe('access tokens', () => {
  it('should cache the access token with its expiry and reuse it until 5 minutes before expiry', async () => {
    const channel = v.youtube.addChannel({ videoCount: 2 });
    await v.api('POST', '/videos/v1/auth/connect', {
      connection_method: 'oauth',
      refresh_token: v.youtube.issueRefreshToken(channel.id),
    });
    const issued = v.youtube.accessTokens.size;
    await v.api('GET', '/videos/v1/videoplatform/sync-library');
    await v.api('GET', '/videos/v1/videoplatform/sync-library');
    expect(v.youtube.accessTokens.size).toBe(issued);
    const settings = (await v.api('GET', '/videos/v1/settings')).json();
    expect(settings.token_expires).toBeGreaterThan(Date.now() / 1000);
    v.clock.advance(3400 * 1000);
    await v.api('GET', '/videos/v1/videoplatform/sync-library');
    expect(v.youtube.accessTokens.size).toBe(issued + 1);
  });

  it('should key the cached token to its refresh token (a new grant never reuses the old token)', async () => {
    const a = v.youtube.addChannel({ title: 'Account A', videoCount: 2 });
    const b = v.youtube.addChannel({ title: 'Account B', videoCount: 4 });
    await v.api('POST', '/videos/v1/auth/connect', {
      connection_method: 'oauth',
      refresh_token: v.youtube.issueRefreshToken(a.id),
    });
    const refreshB = v.youtube.issueRefreshToken(b.id);
    const r = await v.api('POST', '/videos/v1/settings', { refresh_token: refreshB });
    expect(r.json().data).toMatchObject({ channel_name: 'Account B', connection_status: 'connected' });
    const sync = await v.api('GET', '/videos/v1/videoplatform/sync-library');
    expect(sync.json()).toMatchObject({ video_count: 4, channel: { channel_id: b.id } });
  });

  it('should answer 409 videos_reconnect_required when the stored grant is revoked', async () => {
    const channel = v.youtube.addChannel({ videoCount: 2 });
    const refresh = v.youtube.issueRefreshToken(channel.id);
    await v.api('POST', '/videos/v1/auth/connect', { connection_method: 'oauth', refresh_token: refresh });
    v.youtube.revokeRefreshToken(refresh);
    const cached = await v.api('GET', '/videos/v1/videoplatform/sync-library');
    expect([cached.statusCode, cached.json().code]).toEqual([409, 'videos_reconnect_required']);
    const refreshed = await v.api('GET', '/videos/v1/videoplatform/sync-library');
    expect([refreshed.statusCode, refreshed.json().code]).toEqual([409, 'videos_reconnect_required']);
  });
});
