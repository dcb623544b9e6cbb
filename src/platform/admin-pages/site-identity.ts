import type { OptionsStore } from '../options/options.js';

/** The site's name as pages and e-mails show it: option `blogname` (WordPress's), "Storeside" until set. */
export async function siteName(options: OptionsStore): Promise<string> {
  const name = await options.get<unknown>('blogname', 'Storeside');
  return typeof name === 'string' && name.trim() !== '' ? name : 'Storeside';
}

/**
 * A same-origin path to go to after login or logout: `redirect_to` when it is a path on this site (never
 * `//host`, `/\host` or another origin), else `fallback`.
 */
export function safeRedirect(target: unknown, publicUrl: string, fallback: string): string {
  if (typeof target !== 'string' || target === '') return fallback;
  const base = new URL(publicUrl);
  let url: URL;
  try {
    url = new URL(target, base);
  } catch {
    return fallback;
  }
  if (url.origin !== base.origin || /^[/\\]{2}/.test(target) || hasControlCharacter(target)) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) < 0x20) return true;
  return false;
}
