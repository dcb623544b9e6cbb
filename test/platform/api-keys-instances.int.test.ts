import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type StoresideApp } from '../../src/app.js';
import { createApiKey, revokeApiKey } from '../../src/platform/auth/api-keys.service.js';
import { oauthBaseString, oauthSign, parsePhpQuery } from '../../src/platform/auth/oauth1.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

// Two instances on one database (the same SQLite file or PostgreSQL schema): a key revoked through one is refused
// by the other at once, although the other had its principal cached; an OAuth nonce used on one is refused on both.
let t: TestApp;
let b: StoresideApp;

beforeAll(async () => {
  const env = { STORESIDE_TRUSTED_PROXIES: '127.0.0.1' };
  t = await createTestApp({ env, options: { sqliteFile: 'keys.sqlite' } });
  let schema: string | undefined;
  if (t.config.databaseUrl) {
    const { rows } = await sql<{ name: string }>`select current_schema() as name`.execute(t.ctx.db);
    schema = rows[0]?.name;
  }
  b = await buildApp({
    config: t.config,
    sqliteFile: 'keys.sqlite',
    databaseSchema: schema,
    print: () => {},
  });
});
afterAll(async () => {
  await b?.close();
  await t?.close();
});

describe('REST API keys on several instances', () => {
  it('should refuse a key on every instance as soon as it is revoked on one', async () => {
    const owner = await t.createUser({ role: 'administrator' });
    const key = await createApiKey(
      { db: t.ctx.db, clock: t.ctx.clock, secret: t.config.secret, secrets: t.ctx.secrets },
      { userId: owner.id, description: 'sync', permissions: 'read' },
    );
    const headers = {
      'x-forwarded-proto': 'https',
      authorization: `Basic ${Buffer.from(`${key.consumer_key}:${key.consumer_secret}`).toString('base64')}`,
    };
    const onB = async () =>
      (await b.app.inject({ method: 'GET', url: '/wp-json/wc/v3/products', headers })).statusCode;
    expect(await onB()).toBe(200);
    expect(await onB()).toBe(200); // now cached on B

    await revokeApiKey(t.ctx.db, { id: key.key_id });
    const started = performance.now();
    while ((await onB()) !== 401) {
      expect(performance.now() - started).toBeLessThan(300);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  });

  it('should refuse on one instance an OAuth nonce already used on the other', async () => {
    const owner = await t.createUser({ role: 'administrator' });
    const key = await createApiKey(
      { db: t.ctx.db, clock: t.ctx.clock, secret: t.config.secret, secrets: t.ctx.secrets },
      { userId: owner.id, description: 'oauth', permissions: 'read' },
    );
    const query = new URLSearchParams({
      oauth_consumer_key: key.consumer_key,
      oauth_nonce: 'shared-nonce',
      oauth_signature_method: 'HMAC-SHA256',
      oauth_timestamp: String(Math.floor(Date.now() / 1000)),
      oauth_version: '1.0',
    });
    const baseString = oauthBaseString({
      method: 'GET',
      url: 'http://localhost:80/wp-json/wc/v3/products',
      params: parsePhpQuery(query.toString()),
    });
    query.set('oauth_signature', oauthSign({ baseString, secret: key.consumer_secret, algorithm: 'sha256' }));
    const url = `/wp-json/wc/v3/products?${query}`;
    const first = await t.app.inject({ method: 'GET', url, headers: { host: 'localhost:80' } });
    expect(first.statusCode).toBe(200);
    const replayed = await b.app.inject({ method: 'GET', url, headers: { host: 'localhost:80' } });
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json().message).toBe('Invalid nonce - nonce has already been used.');
  });
});
