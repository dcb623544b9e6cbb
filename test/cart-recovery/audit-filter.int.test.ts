import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/test-app.js';
import { createCrApp, setSettings } from './cr-helpers.js';

// `GET /agent/audit-log?result=&route=`: the Agent Access screen's filters, applied by the server (totals too).
let t: TestApp;
const H: Record<string, Record<string, string>> = {};
const call = (path: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: `/wp-json/cartrecovery/v1${path}`, headers });

beforeAll(async () => {
  t = await createCrApp();
  const admin = await t.createUser({ role: 'administrator' });
  H.admin = await t.appPasswordHeader(admin);
  H.manager = await t.appPasswordHeader(await t.createUser({ role: 'shop_manager' }));
  H.customer = await t.appPasswordHeader(await t.createUser({ role: 'customer' }));
  await setSettings(t, (await t.login(admin)).headers, { agent_access_enabled: true });
  expect((await call('/agent/manifest', H.admin)).statusCode).toBe(200);
  expect((await call('/agent/tokens', H.admin)).statusCode).toBe(200);
  expect((await call('/agent/tokens', H.manager)).statusCode).toBe(403); // no manage_tokens capability
});
afterAll(async () => t?.close());

describe('GET /agent/audit-log filters', () => {
  it('should refuse a visitor with 401 and a customer with 403', async () => {
    expect((await call('/agent/audit-log', {})).statusCode).toBe(401);
    expect((await call('/agent/audit-log', H.customer)).statusCode).toBe(403);
  });

  it('should refuse an unknown result or a malformed route, naming the parameter', async () => {
    const badResult = await call('/agent/audit-log?result=maybe', H.admin);
    expect(badResult.statusCode).toBe(400);
    expect(badResult.json()).toMatchObject({ code: 'rest_invalid_param', data: { status: 400 } });
    expect(Object.keys(badResult.json().data.params)).toContain('result');
    const badRoute = await call('/agent/audit-log?route=tokens%27--', H.admin);
    expect(badRoute.statusCode).toBe(400);
    expect(Object.keys(badRoute.json().data.params)).toContain('route');
  });

  it('should list only the entries of the asked result and route start, with matching totals', async () => {
    const denied = await call('/agent/audit-log?result=denied', H.admin);
    expect(denied.statusCode).toBe(200);
    const deniedRows = denied.json() as Array<{ result: string; route: string }>;
    expect(deniedRows.length).toBeGreaterThan(0);
    expect(deniedRows.every((e) => e.result === 'denied')).toBe(true);
    expect(Number(denied.headers['x-wp-total'])).toBe(deniedRows.length);
    const manifest = await call('/agent/audit-log?route=%2Fagent%2Fmanifest&result=allowed', H.admin);
    const rows = manifest.json() as Array<{ result: string; route: string }>;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ route: '/agent/manifest', result: 'allowed' });
    const tokens = (await call('/agent/audit-log?route=%2Fagent%2Ftokens', H.admin)).json() as Array<{
      route: string;
    }>;
    expect(tokens.length).toBe(2);
    expect(tokens.every((e) => e.route.startsWith('/agent/tokens'))).toBe(true);
  });
});
