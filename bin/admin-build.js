// Builds the browser code when its build is missing or older than its sources: the admin app (Vite →
// dist/admin) and the storefront's islands (Vite → dist/storefront).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Newest modification time of the files under src/ that `belongs` selects (path → true), and of `config`. */
function newestSource(root, config, belongs) {
  let newest = statSync(join(root, config)).mtimeMs;
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (belongs(path)) newest = Math.max(newest, statSync(path).mtimeMs);
    }
  };
  walk(join(root, 'src'));
  return newest;
}

const BUILDS = [
  {
    name: 'the admin app',
    config: 'vite.config.ts',
    out: 'dist/admin',
    // Every admin/ folder, and the schema files whose types the screens import.
    belongs: (path) => /[/\\]admin[/\\]/.test(path) || path.endsWith('.schemas.ts'),
  },
  {
    name: 'the storefront islands',
    config: 'vite.storefront.config.ts',
    out: 'dist/storefront',
    belongs: (path) => /[/\\]storefront[/\\]islands[/\\]/.test(path),
  },
];

/** Runs `vite build` for each stale build; a checkout without sources (a package) is left alone. */
export function buildAdminIfStale(root, log = (line) => process.stderr.write(`${line}\n`)) {
  for (const build of BUILDS) {
    if (!existsSync(join(root, 'src')) || !existsSync(join(root, build.config))) continue;
    const manifest = join(root, build.out, '.vite', 'manifest.json');
    if (existsSync(manifest) && statSync(manifest).mtimeMs >= newestSource(root, build.config, build.belongs))
      continue;
    log(`storeside: building ${build.name} (vite)…`);
    execFileSync(
      process.execPath,
      [
        join(root, 'node_modules', 'vite', 'bin', 'vite.js'),
        'build',
        '--config',
        build.config,
        '--logLevel',
        'warn',
      ],
      {
        cwd: root,
        stdio: ['ignore', 2, 'inherit'],
        // Under a test runner NODE_ENV is `test`, which would make Vite bundle React's development build.
        env: { ...process.env, NODE_ENV: 'production' },
      },
    );
  }
}
