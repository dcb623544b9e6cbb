import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, it } from 'vitest';
import { ADMIN_DIST_DIR, ADMIN_ENTRY } from '../../src/platform/admin-pages/admin-assets.js';

// DESIGN.md's budget: the JavaScript one admin screen loads (the entry, the screen's chunk and every chunk either
// imports) is at most 300 kB gzipped. Measured on the build the tests run against (test/setup/admin-build.ts).
const BUDGET_BYTES = 300 * 1024;

interface Chunk {
  file: string;
  imports?: string[];
  isDynamicEntry?: boolean;
}

const manifest = JSON.parse(readFileSync(join(ADMIN_DIST_DIR, '.vite/manifest.json'), 'utf8')) as Record<
  string,
  Chunk
>;
const gzipped = new Map<string, number>();
function gzipSize(file: string): number {
  let size = gzipped.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(join(ADMIN_DIST_DIR, file)), { level: 9 }).length;
    gzipped.set(file, size);
  }
  return size;
}

/** Every file `keys` load: the chunks themselves and their static imports, transitively. */
function closure(keys: string[], into = new Set<string>()): Set<string> {
  for (const key of keys) {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) continue;
    into.add(chunk.file);
    closure(chunk.imports ?? [], into);
  }
  return into;
}

const screens = Object.keys(manifest).filter((key) => manifest[key]!.isDynamicEntry);
const cards = screens.filter((key) => key.includes('dashboard-card'));
const loads = new Map<string, Set<string>>([
  ['dashboard', closure([ADMIN_ENTRY, ...cards])],
  ...screens.filter((key) => !cards.includes(key)).map((key) => [key, closure([ADMIN_ENTRY, key])] as const),
]);

it('should keep every admin screen within 300 kB of gzipped JavaScript', () => {
  expect(screens.length).toBeGreaterThan(3);
  const sizes = [...loads].map(([screen, files]) => ({
    screen,
    kB: Math.round([...files].reduce((sum, file) => sum + gzipSize(file), 0) / 102.4) / 10,
  }));
  const largest = sizes.reduce((a, b) => (b.kB > a.kB ? b : a));
  console.info(`largest admin screen: ${largest.screen}, ${largest.kB} kB gzipped JavaScript`);
  expect(sizes.filter((s) => s.kB * 1024 > BUDGET_BYTES)).toEqual([]);
});
