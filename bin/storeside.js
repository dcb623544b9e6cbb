#!/usr/bin/env node
// Runs the compiled CLI, building it first when dist/ is missing or older than src/.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildAdminIfStale } from './admin-build.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const entry = join(root, 'dist', 'cli', 'main.js');

function newestMtime(dir) {
  let newest = 0;
  for (const name of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, name.name);
    newest = Math.max(newest, name.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

if (
  existsSync(join(root, 'src')) &&
  (!existsSync(entry) || statSync(entry).mtimeMs < newestMtime(join(root, 'src')))
) {
  process.stderr.write('storeside: building (tsc)…\n');
  try {
    execFileSync(
      process.execPath,
      [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', join(root, 'tsconfig.build.json')],
      { stdio: ['ignore', 2, 'inherit'] },
    );
  } catch (error) {
    // tsc exit status 2 = type errors reported but JavaScript emitted: run it (a type error is not a crash).
    if (error.status !== 2 || !existsSync(entry)) throw error;
    process.stderr.write('storeside: built with type errors (run `npm run typecheck`)\n');
  }
}

if (process.argv[2] === 'serve') buildAdminIfStale(root);

const { main } = await import(entry);
process.exitCode = await main(process.argv.slice(2));
