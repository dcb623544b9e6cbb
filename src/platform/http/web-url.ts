// One DNS label: letters, digits and inner hyphens (after the URL parser's lowercasing and punycode).
const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const DNS_NAME = new RegExp(`^(?=.{1,253}$)(?:${LABEL}\\.)*${LABEL}$`);
const IPV6_LITERAL = /^\[[0-9a-f:.]+\]$/;

/**
 * An absolute http(s) URL given by a client (an app's return or callback URL), or null: its host must be a plain
 * DNS name or an IP address and it must carry no user name or password, so that its origin, once it reaches a
 * header (`Location`, a CSP source), holds nothing but letters, digits, `.`, `-`, `:` and brackets.
 */
export function parseWebUrl(text: string | undefined): URL | null {
  if (!text) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username !== '' || url.password !== '') return null;
  return DNS_NAME.test(url.hostname) || IPV6_LITERAL.test(url.hostname) ? url : null;
}
