import { describe, expect, it } from 'vitest';
import { safeRedirect } from './safe-redirect.js';

const SITE = 'https://shop.test';

describe('safeRedirect', () => {
  it.each([
    ['/wp-admin/loyalty/ledger?paged=2', '/wp-admin/loyalty/ledger?paged=2'],
    ['/checkout/#pay', '/checkout/#pay'],
    ['https://shop.test/my-account/orders/', '/my-account/orders/'],
    ['/a/./b/../c', '/a/c'],
    ['/%252e//evil.example/', '/%252e//evil.example/'],
    ['/shop/?s=a\\b', '/shop/?s=a\\b'],
  ])('should keep the path on this site %s', (target, path) => {
    expect(safeRedirect(target, SITE, '/fallback')).toBe(path);
  });

  it.each([
    'https://evil.example/',
    'http://shop.test/',
    '//evil.example/',
    '/\\evil.example/',
    '\\/evil.example/',
    '\\\\evil.example/',
    '/.//evil.example/x',
    '/./\\evil.example/',
    '/.\\/evil.example/',
    '/%2e//evil.example/',
    '/%2E//evil.example/',
    '/%2e%2e//evil.example/',
    '/a/..//evil.example/',
    '/../..//evil.example/',
    '/\t/evil.example/',
    '/\n/evil.example/',
    '/.\r//evil.example/',
    '/\u007f/evil.example/',
    'javascript:alert(1)',
    'data:text/html,x',
    '',
    undefined,
    ['/'],
  ])('should fall back for %j', (target) => {
    expect(safeRedirect(target, SITE, '/fallback')).toBe('/fallback');
  });
});
