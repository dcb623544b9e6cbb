import { createHmac } from 'node:crypto';

/** A query string parsed as PHP's `$_GET` is: `a[b]=1` nests, `a[]=1` appends, the last duplicate wins. */
export type PhpParams = { [key: string]: string | PhpParams };

/** RFC 3986 encoding as WooCommerce's `wc_rest_urlencode_rfc3986` (PHP rawurlencode, `~` kept). */
export function rfc3986(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** Parses a raw query string (without `?`) into nested parameters the way PHP fills `$_GET`. */
export function parsePhpQuery(raw: string): PhpParams {
  const params: PhpParams = {};
  for (const pair of raw.split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const key = decode(eq === -1 ? pair : pair.slice(0, eq));
    const value = eq === -1 ? '' : decode(pair.slice(eq + 1));
    const open = key.indexOf('[');
    const base = (open > 0 ? key.slice(0, open) : key).replace(/[ .]/g, '_');
    if (base === '') continue;
    if (open <= 0 || !key.includes(']', open)) {
      params[base] = value;
      continue;
    }
    const path = [...key.slice(open).matchAll(/\[([^\]]*)\]/g)].map((m) => m[1]!);
    let node = params;
    let name = base;
    for (const segment of path) {
      const child = node[name];
      const next: PhpParams = typeof child === 'object' ? child : {};
      node[name] = next;
      node = next;
      name = segment === '' ? String(nextIndex(node)) : segment;
    }
    node[name] = value;
  }
  return params;
}

/**
 * The OAuth 1.0a signature base string as WooCommerce builds it: top-level parameters sorted by key (byte
 * order), keys and values RFC 3986-encoded, nested ones joined as `key%5Bsub%5D=value` and encoded again.
 */
export function oauthBaseString(input: { method: string; url: string; params: PhpParams }): string {
  const sorted = Object.keys(input.params).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const normalized: PhpParams = {};
  for (const key of sorted) normalized[rfc3986(key)] = encodeValues(input.params[key]!);
  const pairs = joinWithEquals(normalized, [], '');
  return `${input.method.toUpperCase()}&${rfc3986(input.url)}&${pairs.join('%26')}`;
}

/** The base64 HMAC-SHA1 or HMAC-SHA256 signature of a base string under `consumer_secret&`. */
export function oauthSign(input: {
  baseString: string;
  secret: string;
  algorithm: 'sha1' | 'sha256';
}): string {
  return createHmac(input.algorithm, `${input.secret}&`).update(input.baseString).digest('base64');
}

function encodeValues(value: string | PhpParams): string | PhpParams {
  if (typeof value === 'string') return rfc3986(value);
  const encoded: PhpParams = {};
  for (const [key, inner] of Object.entries(value)) encoded[key] = encodeValues(inner);
  return encoded;
}

function joinWithEquals(params: PhpParams, out: string[], prefix: string): string[] {
  for (const [key, value] of Object.entries(params)) {
    const name = prefix ? `${prefix}%5B${key}%5D` : key;
    if (typeof value === 'string') out.push(rfc3986(`${name}=${value}`));
    else joinWithEquals(value, out, name);
  }
  return out;
}

function nextIndex(node: PhpParams): number {
  let max = -1;
  for (const key of Object.keys(node)) if (/^(0|[1-9][0-9]*)$/.test(key)) max = Math.max(max, Number(key));
  return max + 1;
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}
