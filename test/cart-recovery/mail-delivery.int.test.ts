import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/test-app.js';
import { createCrApp } from './cr-helpers.js';

// `GET /cartrecovery/v1/settings/mail` tells the Settings screen whether mail goes through SMTP or the outbox.
let outboxApp: TestApp;
let smtpApp: TestApp;
const get = (t: TestApp, headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/wp-json/cartrecovery/v1/settings/mail', headers });

beforeAll(async () => {
  outboxApp = await createCrApp();
  smtpApp = await createCrApp({ env: { SMTP_URL: 'smtp://127.0.0.1:1' } });
});
afterAll(async () => {
  await outboxApp?.close();
  await smtpApp?.close();
});

describe('GET /cartrecovery/v1/settings/mail', () => {
  it('should refuse a visitor with 401 and a customer with 403', async () => {
    const anonymous = await get(outboxApp, {});
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ data: { status: 401 } });
    const customer = await outboxApp.appPasswordHeader(await outboxApp.createUser({ role: 'customer' }));
    const refused = await get(outboxApp, customer);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'rest_forbidden', data: { status: 403 } });
  });

  it('should refuse a write (the route is read-only) and change nothing', async () => {
    const admin = await outboxApp.appPasswordHeader(await outboxApp.createUser({ role: 'administrator' }));
    const r = await outboxApp.app.inject({
      method: 'POST',
      url: '/wp-json/cartrecovery/v1/settings/mail',
      headers: admin,
      payload: { transport: 'smtp' },
    });
    expect(r.statusCode).toBe(404);
    expect((await get(outboxApp, admin)).json()).toEqual({ transport: 'outbox' });
  });

  it('should say outbox without SMTP_URL and smtp with it', async () => {
    const admin = await outboxApp.appPasswordHeader(await outboxApp.createUser({ role: 'shop_manager' }));
    const outbox = await get(outboxApp, admin);
    expect(outbox.statusCode).toBe(200);
    expect(outbox.json()).toEqual({ transport: 'outbox' });
    const smtpAdmin = await smtpApp.appPasswordHeader(await smtpApp.createUser({ role: 'administrator' }));
    expect((await get(smtpApp, smtpAdmin)).json()).toEqual({ transport: 'smtp' });
  });
});
