import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { withPg } from '../../helpers/with-pg.js';

const root = join(import.meta.dirname, '..', '..', '..');

/** The output of one CLI run. */
export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Environment for a CLI process on its own data dir (and its own PostgreSQL schema under TEST_DATABASE_URL). */
export async function cliEnvironment(): Promise<{ env: Record<string, string>; cleanup(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'storeside-cli-'));
  const env: Record<string, string> = {
    STORESIDE_DATA_DIR: dataDir,
    STORESIDE_SECRET: 'cli-test-secret-cli-test-secret-0123456789',
    LOG_LEVEL: 'silent',
  };
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return { env, cleanup: async () => {} };
  const schema = `cli_${randomBytes(5).toString('hex')}`;
  await withPg(url, (c) => c.query(`create schema ${schema}`));
  const withSchema = new URL(url);
  withSchema.searchParams.set('options', `-c search_path=${schema}`);
  env.DATABASE_URL = withSchema.toString();
  return { env, cleanup: () => withPg(url, (c) => c.query(`drop schema ${schema} cascade`)).then(() => {}) };
}

/** Starts `storeside <args>` from the TypeScript sources (no build needed) with only `env` + PATH, in `cwd`. */
export function startCli(
  args: string[],
  env: Record<string, string>,
  script?: string,
  cwd = root,
): ChildProcess {
  const code = script
    ? `await import(${JSON.stringify(join(root, script))});`
    : `const { main } = await import(${JSON.stringify(join(root, 'src/cli/main.ts'))}); process.exitCode = await main(process.argv.slice(1));`;
  // tsx by path: `cwd` may be outside the project, where a bare `tsx` does not resolve.
  const tsx = pathToFileURL(join(root, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;
  return spawn(process.execPath, ['--import', tsx, '--input-type=module', '-e', code, '--', ...args], {
    cwd,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Runs `storeside <args>` to completion (in the project folder unless `cwd` is given). */
export async function runCli(args: string[], env: Record<string, string>, cwd?: string): Promise<CliRun> {
  const child = startCli(args, env, undefined, cwd);
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d) => (stdout += d));
  child.stderr!.on('data', (d) => (stderr += d));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  return { code, stdout, stderr };
}
