import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

// Route schemas compile on first use (platform/http/lazy-schema-compilers.ts). This builds the whole app
// with eager compilation, as Fastify does by default, so a schema that cannot compile fails here, not on the
// first request that reaches its route.
describe('route schema compilation', () => {
  let eager: TestApp;
  let lazy: TestApp;
  beforeAll(async () => {
    eager = await createTestApp({ options: { eagerSchemas: true } });
    lazy = await createTestApp();
  });
  afterAll(async () => {
    await eager?.close();
    await lazy?.close();
  });

  it('should compile every route schema of the whole app', async () => {
    await expect(eager.app.ready()).resolves.toBeDefined();
  });

  it('should validate, coerce and serialize the same way when compiled on first use', async () => {
    const admin = await lazy.login({ username: 'admin', password: 'admin-password-1' });
    for (const t of [eager, lazy]) {
      const session = t === lazy ? admin : await t.login({ username: 'admin', password: 'admin-password-1' });
      // Query coercion (string → integer) and a validation failure naming the field and rule.
      const bad = await t.app.inject({
        method: 'GET',
        url: '/wp-json/wp/v2/users?per_page=0',
        headers: session.headers,
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().code).toBe('rest_invalid_param');
      expect(Object.keys(bad.json().data.params)).toEqual(['per_page']);
      const good = await t.app.inject({
        method: 'GET',
        url: '/wp-json/wp/v2/users?per_page=1&context=edit',
        headers: session.headers,
      });
      expect(good.statusCode).toBe(200);
      // The response schema decides what leaves: never the password hash.
      expect(good.json()).toHaveLength(1);
      expect(JSON.stringify(good.json())).not.toMatch(/hash|password/);
      expect(good.json()[0].username).toBe('admin');
    }
  });
});
