import { describe, expect, it } from 'vitest';
import { parseWebUrl } from './web-url.js';

describe('parseWebUrl', () => {
  it.each([
    ['https://app.example/return?from=shop', 'https://app.example'],
    ['http://127.0.0.1:8080/cb', 'http://127.0.0.1:8080'],
    ['https://[::1]/cb', 'https://[::1]'],
    ['https://BÜCHER.example/', 'https://xn--bcher-kva.example'],
    ['https://a-b.c9.example:8443/x', 'https://a-b.c9.example:8443'],
  ])('should accept %s with the origin %s', (text, origin) => {
    expect(parseWebUrl(text)?.origin).toBe(origin);
  });

  it.each([
    'https://app.example;script-src/cb',
    "https://app.example'unsafe-inline'/",
    'https://a,b.example/',
    'https://a"b.example/',
    'https://a$b.example/',
    'https://-app.example/',
    'https://app-.example/',
    'https://a..b/',
    `https://${'a'.repeat(64)}.example/`,
    'https://user:pass@app.example/',
    'https://user@app.example/',
    'javascript:alert(1)',
    'ftp://app.example/',
    '/relative',
    '',
    undefined,
  ])('should refuse %j', (text) => {
    expect(parseWebUrl(text)).toBeNull();
  });
});
