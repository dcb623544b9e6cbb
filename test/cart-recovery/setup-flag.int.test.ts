import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/test-app.js';
import { createCrApp } from './cr-helpers.js';

// `setup_completed` in the settings: false on a new shop (the Overview then opens the setup wizard), set by the
// wizard's Launch or Skip; only a boolean is accepted.
let t: TestApp;
let admin: Record<string, string>;
const settings = (method: 'GET' | 'POST', payload?: object) =>
  t.app.inject({ method, url: '/wp-json/cartrecovery/v1/settings', headers: admin, payload });

beforeAll(async () => {
  t = await createCrApp();
  admin = await t.appPasswordHeader(await t.createUser({ role: 'administrator' }));
});
afterAll(async () => t?.close());

describe('setup_completed setting', () => {
  it('should start false, refuse a non-boolean naming the field, and keep true once set', async () => {
    expect((await settings('GET')).json().setup_completed).toBe(false);
    const bad = await settings('POST', { setup_completed: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'rest_invalid_param', data: { status: 400 } });
    expect(JSON.stringify(bad.json().data.params)).toContain('setup_completed');
    expect((await settings('GET')).json().setup_completed).toBe(false);
    const done = await settings('POST', { setup_completed: true });
    expect(done.statusCode).toBe(200);
    expect((await settings('GET')).json().setup_completed).toBe(true);
  });
});
