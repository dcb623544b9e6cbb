import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

/** Every `storefront/islands/<name>.ts` under src/ (the shop's and the extensions'): one entry each. */
function islandEntries(dir = 'src', found: Record<string, string> = {}): Record<string, string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) islandEntries(path, found);
    else if (/\/storefront\/islands\/[^/]+\.ts$/.test(path) && !path.endsWith('.test.ts'))
      found[entry.name.replace(/\.ts$/, '')] = path;
  }
  return found;
}

// The storefront's islands: small scripts that enhance server-rendered pages, no framework, built into
// dist/storefront with a manifest the server reads.
export default defineConfig({
  base: '/assets/islands/',
  plugins: [compression({ algorithms: ['gzip', 'brotliCompress'], include: /\.js$/, threshold: 0 })],
  build: {
    outDir: 'dist/storefront',
    emptyOutDir: true,
    manifest: true,
    assetsDir: '',
    target: 'es2022',
    rollupOptions: { input: islandEntries() },
  },
});
