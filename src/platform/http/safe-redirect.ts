/**
 * The same-origin path to send a browser to after login or logout: `target` (a `redirect_to`) when the path it
 * becomes, after every normalisation a URL parser applies (`/./`, `%2e`, `\`, tabs and newlines), is still a path
 * on this site and reads back unchanged; else `fallback`.
 */
export function safeRedirect(target: unknown, publicUrl: string, fallback: string): string {
  if (typeof target !== 'string' || target === '' || hasControlCharacter(target)) return fallback;
  const base = new URL(publicUrl);
  const resolved = parseUrl(target, base);
  if (!resolved || resolved.origin !== base.origin) return fallback;
  const path = `${resolved.pathname}${resolved.search}${resolved.hash}`;
  // The browser resolves the Location again: `//host` or `/\host` there would leave the site.
  if (!/^\/(?![/\\])/.test(path) || parseUrl(path, base)?.href !== resolved.href) return fallback;
  return path;
}

function parseUrl(text: string, base: URL): URL | null {
  try {
    return new URL(text, base);
  } catch {
    return null;
  }
}

function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}
