import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Type } from '@sinclair/typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectApiChannel, createVideosTestApp, type VideosTestApp } from './videos-helpers.js';

let v: VideosTestApp;

beforeAll(async () => {
  v = await createVideosTestApp();
  v.t.ctx.events.on('videos.settings_saveable_keys', ({ add }) => {
    add('pro_badge_color', { schema: Type.String({ pattern: '^#[0-9a-f]{6}$' }), default: '#000000' });
    add('pro_webhook_secret', { schema: Type.String(), default: '', secret: true });
  });
});
afterAll(() => v.close());

describe('GET /videos/v1/settings', () => {
  it('should return the reference defaults with secrets masked and license_status', async () => {
    const r = await v.api('GET', '/videos/v1/settings');
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({
      connection_method: 'oauth',
      connection_status: 'inactive',
      cache_duration: 12,
      auto_sync: true,
      video_position: 'first',
      max_videos: 0,
      show_controls: true,
      privacy_mode: false,
      api_key: '',
      api_key_set: false,
      refresh_token: '',
      refresh_token_set: false,
      license_status: 'inactive',
      pro_badge_color: '#000000',
      pro_webhook_secret: '',
      pro_webhook_secret_set: false,
    });
    expect(r.json()).not.toHaveProperty('video_placement');
    expect(r.json()).not.toHaveProperty('global_enableFeature');
  });

  it('should refuse 401 and 403', async () => {
    expect((await v.api('GET', '/videos/v1/settings', undefined, {})).statusCode).toBe(401);
    expect((await v.api('GET', '/videos/v1/settings', undefined, v.customer)).statusCode).toBe(403);
  });
});

describe('POST /videos/v1/settings', () => {
  it('should save valid keys, map mixed to last, and keep a secret a POST omits or sends as ""', async () => {
    const { apiKey } = await connectApiChannel(v);
    const r = await v.api('POST', '/videos/v1/settings', {
      cache_duration: 24,
      max_videos: 5,
      video_position: 'mixed',
      privacy_mode: true,
      api_key: '',
      api_key_set: true,
      connection_status: 'connected',
    });
    expect(r.statusCode).toBe(200);
    expect(r.json().data).toMatchObject({
      cache_duration: 24,
      max_videos: 5,
      video_position: 'last',
      privacy_mode: true,
      api_key_set: true,
    });
    const stored = await v.t.ctx.db
      .selectFrom('options')
      .selectAll()
      .where('name', '=', 'videos_api_key')
      .executeTakeFirstOrThrow();
    expect(stored.value).not.toContain(apiKey);
    expect(JSON.parse(stored.value)).toMatch(/^v1:/);
    expect(v.t.ctx.secrets.decrypt(JSON.parse(stored.value))).toBe(apiKey);
  });

  it('should validate ranges and enums before any write', async () => {
    for (const body of [
      { cache_duration: 0, max_videos: 3 },
      { cache_duration: 169 },
      { max_videos: 51 },
      { max_videos: -1 },
      { video_position: 'middle' },
      { connection_method: 'ftp' },
      { pro_badge_color: 'red' },
      { not_a_setting: 1 },
    ]) {
      const r = await v.api('POST', '/videos/v1/settings', body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      expect(r.json().code).toBe('rest_invalid_param');
    }
    const after = (await v.api('GET', '/videos/v1/settings')).json();
    expect(after.max_videos).toBe(5);
  });

  it('should re-test the connection when a credential changes', async () => {
    const bad = await v.api('POST', '/videos/v1/settings', { api_key: 'AIzaRevokedKey' });
    expect(bad.statusCode).toBe(200);
    expect(bad.json().data.connection_status).toBe('failed');
    expect(bad.json().connection_error.code).toBe('videos_invalid_credentials');
    const good = await v.api('POST', '/videos/v1/settings', { api_key: v.youtube.issueApiKey() });
    expect(good.json().data.connection_status).toBe('connected');
    const cleared = await v.api('POST', '/videos/v1/settings', { api_key: null });
    expect(cleared.json().data).toMatchObject({ api_key_set: false, connection_status: 'disconnected' });
  });

  it('should save add-on keys with their validator and mask add-on secrets', async () => {
    const r = await v.api('POST', '/videos/v1/settings', {
      pro_badge_color: '#ff0000',
      pro_webhook_secret: 'whsec_1234567890',
    });
    expect(r.statusCode).toBe(200);
    expect(r.json().data).toMatchObject({
      pro_badge_color: '#ff0000',
      pro_webhook_secret: '',
      pro_webhook_secret_set: true,
      pro_webhook_secret_hint: '7890',
    });
  });

  it('should refuse 401 and 403', async () => {
    expect((await v.api('POST', '/videos/v1/settings', { max_videos: 1 }, {})).statusCode).toBe(401);
    expect((await v.api('POST', '/videos/v1/settings', { max_videos: 1 }, v.customer)).statusCode).toBe(403);
  });
});

describe('DELETE /videos/v1/settings/delete-all-data and DELETE /videos/v1/logs', () => {
  it('should write error logs with secrets redacted, and delete them', async () => {
    await v.api('POST', '/videos/v1/settings', { debug_enableMode: true });
    await v.api('POST', '/videos/v1/auth/connect', {
      connection_method: 'api',
      api_key: 'AIzaSecretValue123',
      channel_id: 'UCxxxxxxxxxxxxxxxxxxxxxx',
    });
    const dir = join(v.t.config.dataDir, 'uploads', 'videos-logs');
    const files = readdirSync(dir);
    expect(files.length).toBeGreaterThan(0);
    const text = files.map((f) => readFileSync(join(dir, f), 'utf8')).join('');
    expect(text).toContain('[ERROR]');
    expect(text).not.toContain('AIzaSecretValue123');
    const r = await v.api('DELETE', '/videos/v1/logs');
    expect(r.statusCode).toBe(200);
    expect(readdirSync(dir)).toEqual([]);
    expect((await v.api('DELETE', '/videos/v1/logs', undefined, {})).statusCode).toBe(401);
    expect((await v.api('DELETE', '/videos/v1/logs', undefined, v.customer)).statusCode).toBe(403);
  });

  it('should wipe options, assignments, library, caches and logs, then show defaults', async () => {
    await connectApiChannel(v, 5);
    await v.api('GET', '/videos/v1/videoplatform/sync-library');
    const product = await v.product();
    const [video] = (await v.api('GET', '/videos/v1/videoplatform/videos')).json().videos;
    await v.api('POST', '/videos/v1/products/bulk-assign', { product_ids: [product], video_ids: [video.id] });
    await v.api('POST', '/videos/v1/settings', { max_videos: 9, pro_badge_color: '#00ff00' });
    const r = await v.api('DELETE', '/videos/v1/settings/delete-all-data');
    expect(r.statusCode).toBe(200);
    expect(r.json().data).toMatchObject({
      max_videos: 0,
      api_key_set: false,
      channel_id: '',
      connection_status: 'inactive',
      pro_badge_color: '#000000',
    });
    expect((await v.api('GET', '/videos/v1/videoplatform/videos')).json().total).toBe(0);
    expect(await v.t.ctx.db.selectFrom('videos_product_videos').selectAll().execute()).toEqual([]);
    const status = (await v.api('GET', '/videos/v1/videoplatform/sync-library-status')).json();
    expect(status).toMatchObject({ library_size: 0, last_sync_time: 0, quota_used_today: 0 });
    const dir = join(v.t.config.dataDir, 'uploads', 'videos-logs');
    expect(!existsSync(dir) || readdirSync(dir).length === 0).toBe(true);
  });

  it('should refuse 401 and 403', async () => {
    expect((await v.api('DELETE', '/videos/v1/settings/delete-all-data', undefined, {})).statusCode).toBe(
      401,
    );
    expect(
      (await v.api('DELETE', '/videos/v1/settings/delete-all-data', undefined, v.customer)).statusCode,
    ).toBe(403);
  });
});
