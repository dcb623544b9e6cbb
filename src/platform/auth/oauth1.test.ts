import { describe, expect, it } from 'vitest';
import { oauthBaseString, oauthSign, parsePhpQuery, rfc3986 } from './oauth1.js';

describe('parsePhpQuery', () => {
  it('should nest bracketed keys, append on [] and keep the last duplicate, as PHP fills $_GET', () => {
    expect(parsePhpQuery('a=1&a=2&f[x]=y+z&f[t][]=p&f[t][]=q&d.e=%7E')).toEqual({
      a: '2',
      f: { x: 'y z', t: { 0: 'p', 1: 'q' } },
      d_e: '~',
    });
  });
});

describe('oauthBaseString', () => {
  it('should sort top-level keys, encode twice and join nested keys as key%5Bsub%5D', () => {
    const base = oauthBaseString({
      method: 'get',
      url: 'http://shop.test/wp-json/wc/v3/products',
      params: parsePhpQuery('per_page=5&filter[meta]=a%20b&oauth_nonce=n1&search=T%26co'),
    });
    expect(base).toBe(
      'GET&http%3A%2F%2Fshop.test%2Fwp-json%2Fwc%2Fv3%2Fproducts&' +
        ['filter%255Bmeta%255D%3Da%2520b', 'oauth_nonce%3Dn1', 'per_page%3D5', 'search%3DT%2526co'].join(
          '%26',
        ),
    );
  });

  it('should sign with HMAC-SHA1 or HMAC-SHA256 under "secret&"', () => {
    expect(oauthSign({ baseString: 'x', secret: 's', algorithm: 'sha1' })).toBe(
      'Xur77CUu644zNhRFIjT9bm0HyF8=',
    );
    expect(rfc3986("!*'()~ ")).toBe('%21%2A%27%28%29~%20');
  });
});
