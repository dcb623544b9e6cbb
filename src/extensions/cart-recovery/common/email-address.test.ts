import { describe, expect, it } from 'vitest';
import { hashEmail, isValidEmail, maskEmail, normalizeEmail } from './email-address.js';

describe('email-address', () => {
  it('should accept ordinary addresses and refuse malformed ones', () => {
    for (const good of ['a@b.co', 'Jane.Doe+cart@shop.example.com', "o'neil@example.org"])
      expect(isValidEmail(good)).toBe(true);
    for (const bad of [
      '',
      'plain',
      'a@b',
      'a@@b.com',
      '.a@b.com',
      'a..b@c.com',
      'a b@c.com',
      'a@-b.com',
      `${'x'.repeat(65)}@b.com`,
    ])
      expect(isValidEmail(bad)).toBe(false);
  });

  it('should hash case- and space-insensitively and mask the local part', () => {
    expect(hashEmail(' Jane@Example.com ')).toBe(hashEmail('jane@example.com'));
    expect(normalizeEmail(' A@B.CO ')).toBe('a@b.co');
    expect(maskEmail('jane@example.com')).toBe('ja***@example.com');
    expect(maskEmail('j@example.com')).toBe('j***@example.com');
  });
});
