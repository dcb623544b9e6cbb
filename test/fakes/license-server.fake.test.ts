import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeLicenseServer } from '../../src/fakes/license-server.fake.js';

const fake = new FakeLicenseServer();
let base: string;

beforeAll(async () => {
  base = await fake.start();
  fake.addLicense({ key: 'K1', slug: 'videos-pro', activationLimit: 1 });
});
afterAll(() => fake.stop());

const activate = (body: unknown) =>
  fetch(`${base}/activate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('fake license server protocol', () => {
  it('should answer a valid activation with license valid and expires_at', async () => {
    const r = await activate({ license_key: 'K1', slug: 'videos-pro', domain: 'a.test' });
    expect(r.status).toBe(200);
    expect(await r.json()).toMatchObject({
      success: true,
      license: 'valid',
      expires_at: '2099-12-31 23:59:59',
    });
  });

  it('should answer 400 for missing fields, 404 for unknown keys, 403 past the activation limit', async () => {
    expect((await activate({ license_key: 'K1' })).status).toBe(400);
    expect((await activate({ license_key: 'X', slug: 'videos-pro', domain: 'a.test' })).status).toBe(404);
    const full = await activate({ license_key: 'K1', slug: 'videos-pro', domain: 'b.test' });
    expect(full.status).toBe(403);
    expect(((await full.json()) as { code: string }).code).toBe('activation_limit_reached');
  });

  it('should check activations per domain', async () => {
    const ok = await fetch(`${base}/check?license_key=K1&slug=videos-pro&domain=a.test`);
    expect(await ok.json()).toMatchObject({ success: true, license: 'valid', activation_limit: 1 });
    const other = await fetch(`${base}/check?license_key=K1&slug=videos-pro&domain=c.test`);
    expect(((await other.json()) as { code: string }).code).toBe('license_not_activated');
  });

  it('should rate limit activations to 10 per minute per IP with Retry-After', async () => {
    let last: Response | null = null;
    for (let i = 0; i < 12; i++)
      last = await activate({ license_key: 'X', slug: 'videos-pro', domain: 'a.test' });
    expect(last?.status).toBe(429);
    expect(Number(last?.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('should have no deactivate endpoint', async () => {
    const r = await fetch(`${base}/deactivate`, { method: 'POST' });
    expect(r.status).toBe(404);
  });
});
