import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where `vite build` writes the admin app (hashed files and `.vite/manifest.json`). */
export const ADMIN_DIST_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../../dist/admin');
/** The URL prefix the built files are served under (Vite's `base`). */
export const ADMIN_ASSETS_PREFIX = '/wp-admin/assets/';
/** The manifest key of the admin app's entry module. */
export const ADMIN_ENTRY = 'src/admin/main.tsx';

/** The files the shell page links: the entry script, the chunks it imports at once, its stylesheets. */
export interface AdminEntryFiles {
  script: string;
  preload: string[];
  styles: string[];
}

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}

/** Reads the build manifest once; null when the admin app has not been built (`npm run build:admin`). */
export function readAdminEntry(distDir = ADMIN_DIST_DIR): AdminEntryFiles | null {
  const manifestPath = join(distDir, '.vite/manifest.json');
  if (!existsSync(manifestPath)) return null;
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const entry = manifest[ADMIN_ENTRY];
  if (!entry) return null;
  const preload = new Set<string>();
  const styles = new Set(entry.css ?? []);
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || preload.has(chunk.file)) return;
    preload.add(chunk.file);
    for (const css of chunk.css ?? []) styles.add(css);
    for (const next of chunk.imports ?? []) visit(next);
  };
  for (const key of entry.imports ?? []) visit(key);
  return { script: entry.file, preload: [...preload], styles: [...styles] };
}
