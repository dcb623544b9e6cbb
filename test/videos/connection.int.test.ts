import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantRoleCapability, grantUserCapability } from '../../src/platform/auth/users.repository.js';
import { connectApiChannel, createVideosTestApp, type VideosTestApp } from './videos-helpers.js';

let v: VideosTestApp;

beforeAll(async () => {
  v = await createVideosTestApp();
});
afterAll(() => v.close());

describe('POST /videos/v1/auth/connect', () => {
  it('should connect with an API key, save the channel and mask the key', async () => {
    const channel = v.youtube.addChannel({ title: 'Gadget Reviews', videoCount: 3 });
    const key = v.youtube.issueApiKey();
    const r = await v.api('POST', '/videos/v1/auth/connect', {
      connection_method: 'api',
      api_key: key,
      channel_id: channel.id,
    });
    expect(r.statusCode).toBe(200);
    const data = r.json().data;
    expect(data).toMatchObject({
      connection_method: 'api',
      connection_status: 'connected',
      channel_id: channel.id,
      channel_name: 'Gadget Reviews',
      api_key: '',
      api_key_set: true,
      api_key_hint: key.slice(-4),
    });
    expect(r.body).not.toContain(key);
  });

  it('should refuse an invalid API key with 400 videos_invalid_credentials and mark the connection failed', async () => {
    const channel = v.youtube.addChannel();
    const r = await v.api('POST', '/videos/v1/auth/connect', {
      connection_method: 'api',
      api_key: 'AIzaNotAValidKey000000000000',
      channel_id: channel.id,
    });
    expect(r.statusCode).toBe(400);
    expect(r.json().code).toBe('videos_invalid_credentials');
    const settings = (await v.api('GET', '/videos/v1/settings')).json();
    expect(settings.connection_status).toBe('failed');
  });

  it('should answer 404 videos_channel_not_found for an unknown channel', async () => {
    const r = await v.api('POST', '/videos/v1/auth/connect', {
      connection_method: 'api',
      api_key: v.youtube.issueApiKey(),
      channel_id: 'UCxxxxxxxxxxxxxxxxxxxxxx',
    });
    expect(r.statusCode).toBe(404);
    expect(r.json().code).toBe('videos_channel_not_found');
  });

  it('should require api_key and channel_id for the api method and refresh_token for oauth', async () => {
    await v.api('DELETE', '/videos/v1/settings/delete-all-data');
    const api = await v.api('POST', '/videos/v1/auth/connect', { connection_method: 'api' });
    expect(api.statusCode).toBe(400);
    expect(Object.keys(api.json().data.errors).sort()).toEqual(['api_key', 'channel_id']);
    const oauth = await v.api('POST', '/videos/v1/auth/connect', { connection_method: 'oauth' });
    expect(oauth.statusCode).toBe(400);
    expect(oauth.json().data.errors.refresh_token.required).toBeTruthy();
    const bad = await v.api('POST', '/videos/v1/auth/connect', { connection_method: 'ftp' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('rest_invalid_param');
  });

  it('should connect with a pasted OAuth access code (refresh token) and discover the channel with mine=true', async () => {
    const channel = v.youtube.addChannel({ title: 'OAuth Channel' });
    const refresh = v.youtube.issueRefreshToken(channel.id);
    const r = await v.api('POST', '/videos/v1/auth/connect', {
      connection_method: 'oauth',
      refresh_token: refresh,
    });
    expect(r.statusCode).toBe(200);
    expect(r.json().data).toMatchObject({
      connection_method: 'oauth',
      channel_id: channel.id,
      refresh_token: '',
      refresh_token_set: true,
      access_token: '',
      access_token_set: true,
      api_key_set: false,
    });
    expect(v.youtube.calls.at(-1)?.query.mine).toBe('true');
    expect(r.body).not.toContain(refresh);
  });

  it('should accept the base64 connection_string form', async () => {
    const channel = v.youtube.addChannel();
    const refresh = v.youtube.issueRefreshToken(channel.id);
    const connection_string = Buffer.from(JSON.stringify({ refresh_token: refresh })).toString('base64');
    const r = await v.api('POST', '/videos/v1/auth/connect', {
      connection_method: 'oauth',
      connection_string,
    });
    expect(r.statusCode).toBe(200);
    expect(r.json().data.channel_id).toBe(channel.id);
  });

  it('should refuse a revoked refresh token with 400 videos_invalid_credentials', async () => {
    const channel = v.youtube.addChannel();
    const refresh = v.youtube.issueRefreshToken(channel.id);
    v.youtube.revokeRefreshToken(refresh);
    const r = await v.api('POST', '/videos/v1/auth/connect', {
      connection_method: 'oauth',
      refresh_token: refresh,
    });
    expect(r.statusCode).toBe(400);
    expect(r.json().code).toBe('videos_invalid_credentials');
  });

  it('should refuse anonymous callers with 401, customers with 403', async () => {
    const body = { connection_method: 'api' };
    expect((await v.api('POST', '/videos/v1/auth/connect', body, {})).statusCode).toBe(401);
    expect((await v.api('POST', '/videos/v1/auth/connect', body, v.customer)).statusCode).toBe(403);
    expect(
      (await v.api('POST', '/videos/v1/auth/connect', body, { cookie: v.admin.cookie! })).statusCode,
    ).toBe(401);
  });
});

describe('POST /videos/v1/videoplatform/test-connection', () => {
  it('should return channel metadata without saving anything', async () => {
    await v.api('DELETE', '/videos/v1/settings/delete-all-data');
    const channel = v.youtube.addChannel({ title: 'Test Only' });
    const key = v.youtube.issueApiKey();
    const r = await v.api('POST', '/videos/v1/videoplatform/test-connection', {
      connection_method: 'api',
      api_key: key,
      channel_id: channel.id,
    });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ success: true, channel_id: channel.id, title: 'Test Only' });
    expect(Object.keys(r.json().thumbnails)).toEqual(['default', 'medium', 'high']);
    const settings = (await v.api('GET', '/videos/v1/settings')).json();
    expect(settings).toMatchObject({ api_key_set: false, channel_id: '', connection_status: 'inactive' });
  });

  it('should not cache the access token of a tested OAuth grant', async () => {
    const channel = v.youtube.addChannel();
    const refresh = v.youtube.issueRefreshToken(channel.id);
    const r = await v.api('POST', '/videos/v1/videoplatform/test-connection', {
      connection_method: 'oauth',
      refresh_token: refresh,
    });
    expect(r.statusCode).toBe(200);
    expect((await v.api('GET', '/videos/v1/settings')).json()).toMatchObject({
      access_token_set: false,
      refresh_token_set: false,
    });
  });

  it('should map platform errors: bad key 400, quota 429 with Retry-After, backend failure 502, garbage 502', async () => {
    const channel = v.youtube.addChannel();
    const key = v.youtube.issueApiKey();
    const body = { connection_method: 'api', api_key: key, channel_id: channel.id };
    const bad = await v.api('POST', '/videos/v1/videoplatform/test-connection', {
      ...body,
      api_key: 'AIzaWrong',
    });
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'videos_invalid_credentials']);
    v.youtube.inject('quotaExceeded');
    const quota = await v.api('POST', '/videos/v1/videoplatform/test-connection', body);
    expect([quota.statusCode, quota.json().code]).toEqual([429, 'videos_quota_exceeded']);
    expect(Number(quota.headers['retry-after'])).toBeGreaterThan(0);
    v.youtube.inject('rateLimitExceeded');
    const rate = await v.api('POST', '/videos/v1/videoplatform/test-connection', body);
    expect([rate.statusCode, rate.headers['retry-after']]).toEqual([429, '60']);
    v.youtube.inject('backendError', 3);
    const down = await v.api('POST', '/videos/v1/videoplatform/test-connection', body);
    expect([down.statusCode, down.json().code]).toEqual([502, 'videos_upstream_error']);
    v.youtube.inject('garbage');
    const garbage = await v.api('POST', '/videos/v1/videoplatform/test-connection', body);
    expect(garbage.statusCode).toBe(502);
  });

  it('should refuse 401/403 and validate the channel id format', async () => {
    const body = { connection_method: 'api', api_key: 'x', channel_id: 'UC123' };
    expect((await v.api('POST', '/videos/v1/videoplatform/test-connection', body, {})).statusCode).toBe(401);
    expect(
      (await v.api('POST', '/videos/v1/videoplatform/test-connection', body, v.customer)).statusCode,
    ).toBe(403);
    const r = await v.api('POST', '/videos/v1/videoplatform/test-connection', body);
    expect(r.statusCode).toBe(400);
    expect(r.json().data.params.channel_id).toBeTruthy();
  });
});

describe('manage_videos capability', () => {
  it('should be grantable to one user or to a whole role', async () => {
    const manager = await v.t.createUser({ role: 'shop_manager' });
    const headers = (await v.t.login(manager)).headers;
    expect((await v.api('GET', '/videos/v1/settings', undefined, headers)).statusCode).toBe(403);
    await grantUserCapability(v.t.ctx.db, manager.id, 'manage_videos');
    expect((await v.api('GET', '/videos/v1/settings', undefined, headers)).statusCode).toBe(200);
    const subscriber = await v.t.createUser({ role: 'subscriber' });
    const subHeaders = (await v.t.login(subscriber)).headers;
    await grantRoleCapability(v.t.ctx.db, 'subscriber', 'manage_videos');
    expect((await v.api('GET', '/videos/v1/settings', undefined, subHeaders)).statusCode).toBe(200);
  });

  it('should accept an application password plus a nonce', async () => {
    const admin = await v.t.createUser({ role: 'administrator' });
    const basic = await v.t.appPasswordHeader(admin);
    expect((await v.api('GET', '/videos/v1/settings', undefined, basic)).statusCode).toBe(401);
    const nonce = (
      await v.t.app.inject({ method: 'GET', url: '/wp-json/auth/v1/nonce', headers: basic })
    ).json().nonce;
    expect(
      (await v.api('GET', '/videos/v1/settings', undefined, { ...basic, 'x-wp-nonce': nonce })).statusCode,
    ).toBe(200);
  });

  it('should list both namespaces in the OpenAPI document', async () => {
    const doc = (await v.t.app.inject({ method: 'GET', url: '/wp-json/openapi.json' })).json();
    const paths = Object.keys(doc.paths);
    expect(paths).toContain('/wp-json/videos/v1/videoplatform/videos');
    expect(paths).toContain('/wp-json/videos-pro/v1/license/activate');
  });
});

describe('DELETE /videos/v1/videoplatform/disconnect', () => {
  it('should clear status and channel name but keep the stored credentials', async () => {
    const { channelId } = await connectApiChannel(v);
    const r = await v.api('DELETE', '/videos/v1/videoplatform/disconnect');
    expect(r.statusCode).toBe(200);
    expect(r.json().data).toMatchObject({
      connection_status: 'inactive',
      channel_name: '',
      api_key_set: true,
      channel_id: channelId,
    });
  });

  it('should refuse 401 and 403', async () => {
    expect((await v.api('DELETE', '/videos/v1/videoplatform/disconnect', undefined, {})).statusCode).toBe(
      401,
    );
    expect(
      (await v.api('DELETE', '/videos/v1/videoplatform/disconnect', undefined, v.customer)).statusCode,
    ).toBe(403);
  });
});
