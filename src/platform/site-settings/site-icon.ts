import { html, type SafeHtml } from '../http/html.js';
import type { OptionsStore } from '../options/options.js';

/** Where the default site icon is served (browsers ask for it on their own too). */
export const DEFAULT_SITE_ICON_PATH = '/favicon.ico';
/** The option holding the site icon's URL (`''`: the default icon). */
export const SITE_ICON_OPTION = 'site_icon_url';

/** The site icon's URL: option `site_icon_url` (an https URL or a path on this site) once set, else the default. */
export async function siteIconUrl(options: OptionsStore): Promise<string> {
  const url = await options.get<unknown>(SITE_ICON_OPTION, '');
  return typeof url === 'string' && url !== '' && isSiteIconUrl(url) ? url : DEFAULT_SITE_ICON_PATH;
}

/** True for a value the site icon setting takes: `''` (the default icon), an https URL, or a path on this site. */
export function isSiteIconUrl(value: string): boolean {
  if (value === '') return true;
  // No spaces, control characters or backslashes (which browsers read as slashes).
  if ([...value].some((c) => c.charCodeAt(0) <= 0x20 || c === '\\')) return false;
  if (value.startsWith('/')) return !value.startsWith('//');
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}

/** The `<link rel="icon">` of a page's head. */
export function siteIconLink(url: string): SafeHtml {
  return html`<link rel="icon" href="${url}">`;
}
