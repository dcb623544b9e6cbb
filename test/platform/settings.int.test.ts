import { type Static, Type } from '@sinclair/typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineExtension } from '../../src/extensions/define-extension.js';
import { allExtensions } from '../../src/extensions/index.js';
import { defineTopics } from '../../src/platform/cache/topics.js';
import { ForbiddenError } from '../../src/platform/http/errors.js';
import { defineSettings } from '../../src/platform/settings/define-settings.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

// The platform's settings facility through a small module of the test's own: one declaration gives the store,
// the routes (with the hooks each extension uses) and their OpenAPI schemas.
const TOPICS = defineTopics('settingsprobe', ['settings']);
const CAPABILITY = 'manage_settings_probe';
const PATH = '/wp-json/settingsprobe/v1/settings';

const ProbeSchema = Type.Object({
  title: Type.String({ minLength: 1, maxLength: 40 }),
  low: Type.Integer({ minimum: 0, maximum: 100 }),
  high: Type.Integer({ minimum: 0, maximum: 100 }),
  tags: Type.Array(Type.String({ maxLength: 20 }), { maxItems: 5 }),
  locked: Type.Boolean(),
});
type Probe = Static<typeof ProbeSchema>;

let failNextWrite = false;
const PROBE_SETTINGS = defineSettings<Probe>({
  option: 'settingsprobe_settings',
  topic: TOPICS.settings,
  schema: ProbeSchema,
  defaults: () => ({ title: 'Probe', low: 10, high: 20, tags: [], locked: false }),
  normalise: (next) => ({ ...next, title: next.title.trim(), tags: [...new Set(next.tags)].sort() }),
  validate: ({ next }) => (next.low > next.high ? { low: { max: 'low may not exceed high.' } } : undefined),
  routes: {
    path: '/settingsprobe/v1/settings',
    auth: { access: 'capability', capability: CAPABILITY, nonce: 'always' },
    tags: ['settingsprobe'],
    summary: { read: 'The probe settings.', update: 'Changes some probe settings.' },
    update: ['POST', 'PUT', 'PATCH'],
    authorize(principal, body) {
      const isAdmin = principal.kind === 'user' && principal.user.role === 'administrator';
      if (typeof body === 'object' && body !== null && 'locked' in body && !isAdmin)
        throw new ForbiddenError('rest_forbidden', 'Only administrators may lock the probe.');
    },
    async written() {
      if (failNextWrite) throw new Error('the write fails after the store');
    },
    reset: {
      method: 'POST',
      path: '/reset',
      summary: 'Forgets the probe settings.',
      response: Type.Object({ reset: Type.Boolean(), settings: ProbeSchema }),
      reply: (_services, _result, settings) => ({ reset: true, settings }),
    },
  },
});

const probeExtension = defineExtension({
  name: 'settings_probe',
  migrations: {},
  namespaces: [{ namespace: 'settingsprobe/v1' }],
  capabilities: { [CAPABILITY]: ['administrator', 'shop_manager'] },
  services: (ctx) => ({ ctx }),
  settings: [PROBE_SETTINGS],
});

let t: TestApp;
let admin: Record<string, string>;
let manager: Record<string, string>;
let customer: Record<string, string>;
const DEFAULTS = { title: 'Probe', low: 10, high: 20, tags: [], locked: false };

beforeAll(async () => {
  t = await createTestApp({ options: { extensions: [...allExtensions, probeExtension] } });
  admin = (await t.login({ username: 'admin', password: 'admin-password-1' })).headers;
  manager = (await t.login(await t.createUser({ role: 'shop_manager' }))).headers;
  customer = (await t.login(await t.createUser({ role: 'customer' }))).headers;
});
afterAll(async () => t.close());

async function send(method: 'POST' | 'PUT' | 'PATCH', payload: unknown, headers = admin) {
  return t.app.inject({ method, url: PATH, headers, payload: payload as Record<string, unknown> });
}
async function read(headers = admin) {
  return t.app.inject({ method: 'GET', url: PATH, headers });
}

describe('settings routes built from a declaration', () => {
  it('should answer the defaults before anything was saved', async () => {
    const r = await read();
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual(DEFAULTS);
  });

  it('should refuse an anonymous caller and a missing nonce with 401, on reads and writes', async () => {
    expect((await t.app.inject({ method: 'GET', url: PATH })).statusCode).toBe(401);
    expect((await send('POST', { low: 1 }, {})).statusCode).toBe(401);
    expect((await read({ cookie: admin.cookie! })).statusCode).toBe(401);
    expect((await send('PATCH', { low: 1 }, { cookie: admin.cookie! })).statusCode).toBe(401);
  });

  it('should refuse a user without the capability with 403 before validating the body', async () => {
    const r = await read(customer);
    expect([r.statusCode, r.json().code]).toEqual([403, 'rest_forbidden']);
    const bad = await send('POST', { low: 'not a number' }, customer);
    expect([bad.statusCode, bad.json().code]).toEqual([403, 'rest_forbidden']);
    expect((await read()).json()).toEqual(DEFAULTS);
  });

  it('should refuse bad input with 400 naming the field and the rule, and store nothing', async () => {
    const wrongType = await send('POST', { low: 'seven', title: 'Kept out' });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json()).toMatchObject({ code: 'rest_invalid_param', data: { status: 400 } });
    expect(wrongType.json().data.params).toHaveProperty('low');
    expect(wrongType.json().data.errors.low).toHaveProperty('integer');
    const unknown = await send('PUT', { no_such_setting: true });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().data.params).toHaveProperty('no_such_setting');
    const tooHigh = await send('PATCH', { high: 101 });
    expect(tooHigh.json().data.errors.high).toHaveProperty('max');
    expect((await read()).json()).toEqual(DEFAULTS);
  });

  it('should refuse a change that breaks a rule across fields with 400 naming the field, storing nothing', async () => {
    const r = await send('POST', { low: 50, title: 'Kept out' });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({
      code: 'rest_invalid_param',
      data: {
        status: 400,
        params: { low: 'low may not exceed high.' },
        errors: { low: { max: expect.any(String) } },
      },
    });
    expect((await read()).json()).toEqual(DEFAULTS);
  });

  it('should apply a partial change by POST, PUT and PATCH, normalised, and answer it on the very next request', async () => {
    const posted = await send('POST', { title: '  Spring  ', tags: ['b', 'a', 'b'] });
    expect(posted.statusCode).toBe(200);
    expect(posted.json()).toEqual({ ...DEFAULTS, title: 'Spring', tags: ['a', 'b'] });
    expect((await read()).json()).toEqual(posted.json());
    expect((await send('PUT', { high: 90 })).json().high).toBe(90);
    expect((await read()).json()).toMatchObject({ title: 'Spring', high: 90 });
    expect((await send('PATCH', { low: 80 })).json()).toMatchObject({ low: 80, high: 90 });
    expect((await read()).json()).toEqual({
      title: 'Spring',
      low: 80,
      high: 90,
      tags: ['a', 'b'],
      locked: false,
    });
  });

  it('should run the declaration permission check on the body: a manager may change all but `locked`', async () => {
    expect((await send('POST', { title: 'By the manager' }, manager)).statusCode).toBe(200);
    const refused = await send('POST', { locked: true, title: 'Not this' }, manager);
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'rest_forbidden']);
    expect((await read()).json()).toMatchObject({ title: 'By the manager', locked: false });
    expect((await send('POST', { locked: true }, admin)).json().locked).toBe(true);
  });

  it('should store nothing when the in-transaction hook fails', async () => {
    const before = (await read()).json();
    failNextWrite = true;
    try {
      const r = await send('POST', { title: 'Rolled back' });
      expect(r.statusCode).toBe(500);
    } finally {
      failNextWrite = false;
    }
    expect((await read()).json()).toEqual(before);
  });

  it('should bump the declared topic with every write', async () => {
    const stamp = t.ctx.versions.stamp([TOPICS.settings]);
    expect((await send('POST', { title: 'Bumped' })).statusCode).toBe(200);
    expect(t.ctx.versions.stamp([TOPICS.settings])).not.toEqual(stamp);
  });

  it('should reset to the defaults through the reset route and forget the stored option', async () => {
    const refused = await t.app.inject({ method: 'POST', url: `${PATH}/reset`, headers: customer });
    expect(refused.statusCode).toBe(403);
    const r = await t.app.inject({ method: 'POST', url: `${PATH}/reset`, headers: admin });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ reset: true, settings: DEFAULTS });
    expect((await read()).json()).toEqual(DEFAULTS);
    expect(await t.ctx.options.get('settingsprobe_settings', null)).toBeNull();
  });

  it('should serve the same store to module code as to the routes', async () => {
    const store = t.ctx.settings.of(PROBE_SETTINGS);
    await store.update({ high: 70 });
    expect((await read()).json().high).toBe(70);
    expect((await store.get()).high).toBe(70);
  });

  it('should describe every route with its schemas in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/wp-json/openapi.json' })).json();
    const paths = doc.paths['/wp-json/settingsprobe/v1/settings'];
    expect(Object.keys(paths).sort()).toEqual(['get', 'patch', 'post', 'put']);
    expect(paths.post.requestBody.content['application/json'].schema.properties).toHaveProperty('low');
    expect(doc.paths['/wp-json/settingsprobe/v1/settings/reset']).toHaveProperty('post');
  });
});
