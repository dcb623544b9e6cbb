import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where `vite build -c vite.storefront.config.ts` writes the islands (hashed files and a manifest). */
export const ISLANDS_DIST_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../../dist/storefront');
/** The URL prefix the islands are served under. */
export const ISLANDS_PREFIX = '/assets/islands/';

/** How long the manifest read is trusted before its modification time is looked at again (a rebuild). */
const RECHECK_MS = 1000;
let cache: { mtimeMs: number; checkedAt: number; urls: Map<string, string> } | null = null;

/** The URL of a built island (`video-facade` → `/assets/islands/video-facade-<hash>.js`), or null when not built. */
export function islandUrl(name: string): string | null {
  const now = performance.now();
  if (cache && now - cache.checkedAt < RECHECK_MS) return cache.urls.get(name) ?? null;
  const manifestPath = join(ISLANDS_DIST_DIR, '.vite/manifest.json');
  if (!existsSync(manifestPath)) return null;
  const mtimeMs = statSync(manifestPath).mtimeMs;
  if (cache) cache.checkedAt = now;
  if (cache?.mtimeMs !== mtimeMs) {
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<
      string,
      { file: string; isEntry?: boolean }
    >;
    const urls = new Map<string, string>();
    for (const [source, chunk] of Object.entries(manifest))
      if (chunk.isEntry) urls.set(basename(source).replace(/\.ts$/, ''), `${ISLANDS_PREFIX}${chunk.file}`);
    cache = { mtimeMs, checkedAt: now, urls };
  }
  return cache.urls.get(name) ?? null;
}
