import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeLicenseServer } from '../../fakes/license-server.fake.js';
import { FetchHttpClient } from '../http-client/http-client.js';
import { LicenseActivationError, LicenseClient, statusAfterRecheck } from './license-client.js';

const fake = new FakeLicenseServer();
let client: LicenseClient;
let down: LicenseClient;

beforeAll(async () => {
  const url = await fake.start();
  const noSleep = async () => {};
  client = new LicenseClient(new FetchHttpClient({ services: { LICENSE_SERVER_URL: url } }, noSleep), {
    domain: 'shop.test',
  });
  down = new LicenseClient(
    new FetchHttpClient({ services: { LICENSE_SERVER_URL: 'http://127.0.0.1:9/x' } }, noSleep),
    { domain: 'shop.test' },
  );
  fake.addLicense({ key: 'GOOD-KEY', slug: 'videos-pro' });
  fake.addLicense({ key: 'OLD-KEY', slug: 'videos-pro', status: 'expired' });
  fake.addLicense({ key: 'FULL-KEY', slug: 'videos-pro', activationLimit: 0 });
});
afterAll(() => fake.stop());

async function refusal(promise: Promise<unknown>): Promise<LicenseActivationError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof LicenseActivationError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('LicenseClient.activate (fails closed)', () => {
  it('should activate a good key and send slug and domain', async () => {
    const result = await client.activate({ licenseKey: 'GOOD-KEY', slug: 'videos-pro' });
    expect(result).toMatchObject({ status: 'active', expiresAt: '2099-12-31 23:59:59' });
    expect(fake.calls.at(-1)?.body).toEqual({
      license_key: 'GOOD-KEY',
      slug: 'videos-pro',
      domain: 'shop.test',
    });
  });

  it('should refuse an unknown key as invalid', async () => {
    const error = await refusal(client.activate({ licenseKey: 'NOPE', slug: 'videos-pro' }));
    expect([error.status, error.code, error.licenseStatus]).toEqual([400, 'license_invalid', 'invalid']);
  });

  it('should refuse an expired key as expired', async () => {
    const error = await refusal(client.activate({ licenseKey: 'OLD-KEY', slug: 'videos-pro' }));
    expect([error.status, error.code, error.licenseStatus]).toEqual([400, 'license_expired', 'expired']);
  });

  it('should report a full activation limit as a conflict', async () => {
    const error = await refusal(client.activate({ licenseKey: 'FULL-KEY', slug: 'videos-pro' }));
    expect([error.status, error.code]).toEqual([409, 'license_activation_limit']);
  });

  it('should refuse a key of another product', async () => {
    const error = await refusal(client.activate({ licenseKey: 'GOOD-KEY', slug: 'other' }));
    expect(error.code).toBe('license_invalid');
  });

  it('should fail closed with 502 when the server is down', async () => {
    fake.outage = true;
    try {
      const error = await refusal(client.activate({ licenseKey: 'GOOD-KEY', slug: 'videos-pro' }));
      expect([error.status, error.code, error.licenseStatus]).toEqual([
        502,
        'license_server_unavailable',
        null,
      ]);
    } finally {
      fake.outage = false;
    }
  });

  it('should fail closed with 502 when the server is unreachable', async () => {
    const error = await refusal(down.activate({ licenseKey: 'GOOD-KEY', slug: 'videos-pro' }));
    expect(error.status).toBe(502);
  });
});

describe('LicenseClient.check (fails open)', () => {
  it('should say valid for an activated key', async () => {
    await client.activate({ licenseKey: 'GOOD-KEY', slug: 'videos-pro' });
    const check = await client.check({ licenseKey: 'GOOD-KEY', slug: 'videos-pro' });
    expect(check).toEqual({ outcome: 'valid', expiresAt: '2099-12-31 23:59:59', activationLimit: 3 });
    expect(statusAfterRecheck('inactive', check)).toBe('active');
  });

  it('should say expired once the server says so', async () => {
    const check = await client.check({ licenseKey: 'OLD-KEY', slug: 'videos-pro' });
    expect(check).toMatchObject({ outcome: 'rejected', status: 'expired' });
    expect(statusAfterRecheck('active', check)).toBe('expired');
  });

  it('should say inactive when this domain holds no activation', async () => {
    fake.addLicense({ key: 'FRESH-KEY', slug: 'videos-pro' });
    const check = await client.check({ licenseKey: 'FRESH-KEY', slug: 'videos-pro' });
    expect(check).toMatchObject({ outcome: 'rejected', status: 'inactive', code: 'license_not_activated' });
  });

  it('should say invalid for a key the server does not know', async () => {
    const check = await client.check({ licenseKey: 'NOPE', slug: 'videos-pro' });
    expect(statusAfterRecheck('active', check)).toBe('invalid');
  });

  it('should keep the stored status when the server is down or unreachable', async () => {
    fake.outage = true;
    try {
      const check = await client.check({ licenseKey: 'GOOD-KEY', slug: 'videos-pro' });
      expect(check.outcome).toBe('unreachable');
      expect(statusAfterRecheck('active', check)).toBe('active');
    } finally {
      fake.outage = false;
    }
    const unreachable = await down.check({ licenseKey: 'GOOD-KEY', slug: 'videos-pro' });
    expect(statusAfterRecheck('active', unreachable)).toBe('active');
  });
});
