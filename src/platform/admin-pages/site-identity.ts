import type { OptionsStore } from '../options/options.js';

/** The site's name as pages and e-mails show it: option `blogname` (WordPress's), "Storeside" until set. */
export async function siteName(options: OptionsStore): Promise<string> {
  const name = await options.get<unknown>('blogname', 'Storeside');
  return typeof name === 'string' && name.trim() !== '' ? name : 'Storeside';
}
