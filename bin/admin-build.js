// Builds the admin app (Vite → dist/admin) when its build is missing or older than its sources.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Newest modification time of the admin app's sources: every `admin/` folder under src/, and the Vite config. */
function newestAdminSource(root) {
  let newest = statSync(join(root, 'vite.config.ts')).mtimeMs;
  const walk = (dir, inAdmin) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path, inAdmin || entry.name === 'admin');
      else if (inAdmin || entry.name.endsWith('.schemas.ts'))
        newest = Math.max(newest, statSync(path).mtimeMs);
    }
  };
  walk(join(root, 'src'), false);
  return newest;
}

/** Runs `vite build` when dist/admin is missing or stale; a checkout without sources (a package) is left alone. */
export function buildAdminIfStale(root, log = (line) => process.stderr.write(`${line}\n`)) {
  if (!existsSync(join(root, 'src', 'admin')) || !existsSync(join(root, 'vite.config.ts'))) return;
  const manifest = join(root, 'dist', 'admin', '.vite', 'manifest.json');
  if (existsSync(manifest) && statSync(manifest).mtimeMs >= newestAdminSource(root)) return;
  log('storeside: building the admin app (vite)…');
  execFileSync(
    process.execPath,
    [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: root,
      stdio: ['ignore', 2, 'inherit'],
      // Under a test runner NODE_ENV is `test`, which would make Vite bundle React's development build.
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
}
