// Builds the browser code when its build is missing or older than its sources: the admin app (Vite →
// dist/admin) and the storefront's islands (Vite → dist/storefront).
import { execFileSync } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
} from 'node:fs';
import { join } from 'node:path';

/** How long a build may hold the lock before another process treats it as abandoned. */
const STALE_LOCK_MS = 10 * 60_000;

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

/** True when the build's manifest is missing or older than any of its sources. */
function isStale(root, build) {
  const manifest = join(root, build.out, '.vite', 'manifest.json');
  // A millisecond of slack: the manifest's time is set from a float and may come back a hair earlier.
  return (
    !existsSync(manifest) || statSync(manifest).mtimeMs < newestSource(root, build.config, build.belongs) - 1
  );
}

/** Blocks the thread for `ms` (the build runs at start-up, before anything else needs the event loop). */
function sleep(ms) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Runs `fn` holding `dist/.<name>.lock`, so that processes starting together (test workers, a server and a
 * test run) build one at a time; a lock older than STALE_LOCK_MS is taken over.
 */
function withBuildLock(root, name, fn) {
  mkdirSync(join(root, 'dist'), { recursive: true });
  const lock = join(root, 'dist', `.${name}.lock`);
  let fd;
  for (;;) {
    try {
      fd = openSync(lock, 'wx');
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      const age = existsSync(lock) ? Date.now() - statSync(lock).mtimeMs : 0;
      if (age > STALE_LOCK_MS) rmSync(lock, { force: true });
      else sleep(200);
    }
  }
  try {
    fn();
  } finally {
    closeSync(fd);
    rmSync(lock, { force: true });
  }
}

/**
 * Runs `vite build` for each stale build (a checkout without sources, a package, is left alone). Each build
 * goes to a fresh folder that then replaces the old one, under a lock: a running server never reads a half-written
 * build, and a failed build leaves the previous one in place.
 */
export function buildAdminIfStale(root, log = (line) => process.stderr.write(`${line}\n`)) {
  for (const build of BUILDS) {
    if (!existsSync(join(root, 'src')) || !existsSync(join(root, build.config))) continue;
    if (!isStale(root, build)) continue;
    const name = build.out.replace(/^dist\//, '');
    withBuildLock(root, name, () => {
      // Another process may have built it while this one waited for the lock.
      if (!isStale(root, build)) return;
      log(`storeside: building ${build.name} (vite)…`);
      // The build is as new as the sources it read: a file saved while it runs leaves it stale.
      const sourcesAt = newestSource(root, build.config, build.belongs) / 1000;
      const fresh = join(root, 'dist', `.${name}-${process.pid}`);
      try {
        execFileSync(
          process.execPath,
          [
            join(root, 'node_modules', 'vite', 'bin', 'vite.js'),
            'build',
            '--config',
            build.config,
            '--outDir',
            fresh,
            '--emptyOutDir',
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
      } catch (error) {
        rmSync(fresh, { recursive: true, force: true });
        throw error;
      }
      const out = join(root, build.out);
      const old = `${fresh}-old`;
      if (existsSync(out)) renameSync(out, old);
      utimesSync(join(fresh, '.vite', 'manifest.json'), sourcesAt, sourcesAt);
      renameSync(fresh, out);
      rmSync(old, { recursive: true, force: true });
    });
  }
}
