import { Writable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactedUrl } from '../../src/platform/http/request-logger.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

// The request log (pino at info, as a server runs) never holds a credential, signature, nonce or link token
// that came in a query string.
let t: TestApp;
const lines: string[] = [];

beforeAll(async () => {
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  const logger = pino({ level: 'info' }, sink) as unknown as FastifyBaseLogger;
  t = await createTestApp({ options: { logger } });
});
afterAll(async () => t.close());

const SECRETS = {
  consumer_key: 'ck_0123456789abcdef0123456789abcdef01234567',
  consumer_secret: 'cs_0123456789abcdef0123456789abcdef01234567',
  oauth_consumer_key: 'ck_oauthkeyvalue',
  oauth_signature: 'c2lnbmF0dXJlLXZhbHVl',
  oauth_nonce: 'nonce-value-123',
  _wpnonce: 'abcdef1234',
  cartrecovery_restore: 'restore-token-value',
  cartrecovery_unsubscribe: 'unsubscribe-token-value',
  key: 'wc_order_orderkeyvalue',
  license_key: 'WPAB-LICENSE-VALUE',
  token: 'plain-token-value',
  password: 'hunter2-password',
};

describe('the request log', () => {
  it('should redact secret query values on every request line and keep the other parameters', async () => {
    const query = new URLSearchParams({ per_page: '5', search: 'tee', ...SECRETS }).toString();
    for (const url of [
      `/wp-json/wc/v3/products?${query}`,
      `/?${query}`,
      `/?rest_route=/wp/v2/users/me&${query}`,
      `/wp-json/nowhere?${query}&oauth_token%5B%5D=array-token-value`,
    ])
      await t.app.inject({ method: 'GET', url });
    const log = lines.join('\n');
    expect(log).toContain('incoming request');
    for (const [name, value] of Object.entries(SECRETS)) {
      expect(log, name).not.toContain(value);
      expect(log, name).toContain(`${name}=[redacted]`);
    }
    expect(log).not.toContain('array-token-value');
    expect(log).toContain('per_page=5');
    expect(log).toContain('search=tee');
  });

  it('should leave URLs without secrets, or without a query, as they are', () => {
    expect(redactedUrl('/shop/?orderby=price&paged=2')).toBe('/shop/?orderby=price&paged=2');
    expect(redactedUrl('/wp-json/wc/v3/products/12')).toBe('/wp-json/wc/v3/products/12');
    expect(redactedUrl('/?a&_wpnonce=x&%E0%A4%A=1')).toBe('/?a&_wpnonce=[redacted]&%E0%A4%A=1');
  });
});
