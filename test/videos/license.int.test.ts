import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVideosTestApp, type VideosTestApp } from './videos-helpers.js';

let v: VideosTestApp;

beforeAll(async () => {
  v = await createVideosTestApp();
  v.licenses.addLicense({ key: 'PRO-GOOD-1234', slug: 'videos-pro', expiresAt: '2099-01-01 00:00:00' });
  v.licenses.addLicense({ key: 'PRO-OLD-0000', slug: 'videos-pro', status: 'expired' });
});
afterAll(() => v.close());

const activate = (license_key: unknown, headers?: Record<string, string>) =>
  v.api('POST', '/videos-pro/v1/license/activate', { license_key }, headers);
const settings = async () => (await v.api('GET', '/videos/v1/settings')).json();

describe('POST /videos-pro/v1/license/activate', () => {
  it('should activate when the server accepts, sending slug and the site host as domain', async () => {
    const r = await activate('PRO-GOOD-1234');
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({
      success: true,
      license_status: 'active',
      expires_at: '2099-01-01 00:00:00',
    });
    expect(v.licenses.calls.at(-1)?.body).toEqual({
      license_key: 'PRO-GOOD-1234',
      slug: 'videos-pro',
      domain: 'shop.test',
    });
    expect(await settings()).toMatchObject({
      license_status: 'active',
      license_key: '',
      license_key_set: true,
      license_key_hint: '1234',
    });
  });

  it('should fail closed: unreachable server → 502 and the status unchanged', async () => {
    await v.api('POST', '/videos-pro/v1/license/deactivate');
    v.licenses.outage = true;
    try {
      const r = await activate('PRO-GOOD-1234');
      expect([r.statusCode, r.json().code]).toEqual([502, 'license_server_unavailable']);
      expect(await settings()).toMatchObject({ license_status: 'inactive', license_key_set: false });
    } finally {
      v.licenses.outage = false;
    }
  });

  it('should refuse unknown and expired keys with 400 and record invalid / expired', async () => {
    const unknown = await activate('NOPE-NOPE');
    expect([unknown.statusCode, unknown.json().code]).toEqual([400, 'license_invalid']);
    expect((await settings()).license_status).toBe('invalid');
    const expired = await activate('PRO-OLD-0000');
    expect([expired.statusCode, expired.json().code]).toEqual([400, 'license_expired']);
    expect(await settings()).toMatchObject({ license_status: 'expired', license_key_set: false });
  });

  it('should validate the body and refuse 401 / 403', async () => {
    expect((await activate('')).statusCode).toBe(400);
    expect((await v.api('POST', '/videos-pro/v1/license/activate', {})).statusCode).toBe(400);
    expect((await activate('PRO-GOOD-1234', {})).statusCode).toBe(401);
    expect((await activate('PRO-GOOD-1234', v.customer)).statusCode).toBe(403);
  });
});

describe('POST /videos-pro/v1/license/deactivate', () => {
  it('should forget the key locally and say the server has no release endpoint', async () => {
    await activate('PRO-GOOD-1234');
    const r = await v.api('POST', '/videos-pro/v1/license/deactivate');
    expect(r.statusCode).toBe(200);
    expect(r.json().message).toMatch(/no deactivation endpoint/);
    expect(await settings()).toMatchObject({ license_status: 'inactive', license_key_set: false });
  });

  it('should refuse 401 and 403', async () => {
    expect((await v.api('POST', '/videos-pro/v1/license/deactivate', undefined, {})).statusCode).toBe(401);
    expect((await v.api('POST', '/videos-pro/v1/license/deactivate', undefined, v.customer)).statusCode).toBe(
      403,
    );
  });
});

describe('daily license re-check job', () => {
  const recheck = async () => {
    await v.t.ctx.jobs.schedule({ hook: 'videos.license_recheck' });
    await v.t.ctx.jobs.runDue();
  };

  it('should fail open: keep active when the server is down', async () => {
    await activate('PRO-GOOD-1234');
    v.licenses.outage = true;
    try {
      await recheck();
    } finally {
      v.licenses.outage = false;
    }
    expect((await settings()).license_status).toBe('active');
  });

  it('should follow the server when it answers (expired)', async () => {
    v.licenses.licenses.get('PRO-GOOD-1234')!.status = 'expired';
    await recheck();
    expect((await settings()).license_status).toBe('expired');
    v.licenses.licenses.get('PRO-GOOD-1234')!.status = 'active';
    await recheck();
    expect((await settings()).license_status).toBe('active');
  });
});
