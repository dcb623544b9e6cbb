import { once } from 'node:events';
import { mkdtempSync, readdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliRun, cliEnvironment, runCli, startCli } from './support/spawn-cli.js';

// These tests spawn real `storeside` processes (from the sources, through tsx): slow, so few and coarse.
let env: Record<string, string>;
let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ env, cleanup } = await cliEnvironment());
});
afterAll(async () => cleanup());

describe('configuration validation', () => {
  const bad: Array<[string, string]> = [
    ['PORT', 'eighty'],
    ['HOST', ' '],
    ['STORESIDE_DATA_DIR', ''],
    ['DATABASE_URL', 'mysql://localhost/shop'],
    ['REDIS_URL', 'http://localhost:6379'],
    ['SMTP_URL', 'not a url'],
    ['STORESIDE_PUBLIC_URL', 'ftp://shop.example'],
    ['STORESIDE_CHECKOUT_URL', 'checkout'],
    ['STORESIDE_SECRET', 'too-short'],
    ['STORESIDE_ADMIN_EMAIL', 'admin-at-example'],
    ['STORESIDE_ADMIN_PASSWORD', 'short'],
    ['LOG_LEVEL', 'loud'],
  ];
  it('should stop with exit code 1 and one line naming the variable for each bad value', async () => {
    const results: Array<[string, CliRun]> = [];
    for (let i = 0; i < bad.length; i += 4) {
      const batch = bad.slice(i, i + 4);
      results.push(
        ...(await Promise.all(
          batch.map(
            async ([name, value]): Promise<[string, CliRun]> => [
              name,
              await runCli(['serve'], { ...env, [name]: value }),
            ],
          ),
        )),
      );
    }
    for (const [name, run] of results) {
      expect(run.code, name).toBe(1);
      const lines = run.stderr.trim().split('\n');
      expect(lines, name).toHaveLength(1);
      expect(lines[0], name).toMatch(new RegExp(`^storeside: configuration error: ${name} `));
      expect(run.stdout, name).toBe('');
    }
  }, 240_000);
});

describe('commands', () => {
  it('should print the generated administrator password once, then manage users, passwords, jobs and mail', async () => {
    const first = await runCli(['migrate'], env);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/Created administrator "admin" with password: \S{12,}/);
    expect(first.stdout).toContain('Migrations are up to date.');
    const second = await runCli(['migrate'], env);
    expect(second.stdout).not.toContain('password');

    const create = await runCli(
      ['user', 'create', 'bob', 'bob@example.com', '--password=bob-password-1'],
      env,
    );
    expect(create).toMatchObject({
      code: 0,
      stdout: expect.stringMatching(/Created user \d+ \(bob, customer\)/),
    });
    const dup = await runCli(['user', 'create', 'bob', 'bob2@example.com', '--password=bob-password-1'], env);
    expect(dup.code).toBe(2);
    expect(dup.stderr).toContain('username already exists');
    const missing = await runCli(['user', 'create', 'carol'], env);
    expect(missing.code, missing.stderr).toBe(2);
    expect(missing.stderr).toContain('usage: storeside user create');

    expect((await runCli(['user', 'set-role', 'bob', 'shop_manager'], env)).stdout).toContain(
      'bob is now shop_manager',
    );
    expect((await runCli(['user', 'set-role', 'bob', 'king'], env)).code).toBe(2);
    expect((await runCli(['user', 'grant-cap', 'bob@example.com', 'manage_loyalty'], env)).stdout).toContain(
      'bob now holds manage_loyalty',
    );
    const list = await runCli(['user', 'list'], env);
    expect(list.stdout).toMatch(/\tbob\tbob@example.com\tshop_manager\n/);
    expect(list.stdout).toContain('2 user(s).');

    const password = await runCli(['app-password', 'create', 'bob', 'My', 'laptop'], env);
    expect(password.code).toBe(0);
    expect(password.stdout).toMatch(/password: ([A-Za-z0-9]{4} ){5}[A-Za-z0-9]{4}\n/);

    const key = await runCli(
      ['api-key', 'create', 'bob', 'Shipping', 'tool', '--permissions=read_write'],
      env,
    );
    expect(key.code).toBe(0);
    expect(key.stdout).toMatch(/consumer_key: ck_[0-9a-f]{40}\nconsumer_secret: cs_[0-9a-f]{40}\n/);
    const keyId = /key_id: (\d+)/.exec(key.stdout)![1];
    const keys = await runCli(['api-key', 'list', 'bob'], env);
    expect(keys.stdout).toMatch(
      new RegExp(`^${keyId}\tuser=\\d+\t…[0-9a-f]{7}\tread_write\tnever\tShipping tool$`, 'm'),
    );
    expect((await runCli(['api-key', 'create', 'bob', 'x', '--permissions=all'], env)).code).toBe(2);
    expect((await runCli(['api-key', 'revoke', String(keyId)], env)).stdout).toContain(
      `Revoked key ${keyId}`,
    );
    expect((await runCli(['api-key', 'list'], env)).stdout).toContain('0 key(s).');

    const jobs = await runCli(['jobs', 'list', '--status=pending'], env);
    expect(jobs.stdout).toMatch(/\tpending\tplatform\.purge_expired_transients\t/);
    expect((await runCli(['jobs', 'run-due'], env)).stdout).toMatch(/^Ran \d+ job\(s\)\.$/m);
    expect((await runCli(['outbox'], env)).stdout).toContain('0 message(s) shown.');
    const unknown = await runCli(['frobnicate'], env);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('unknown command "frobnicate"');
  }, 300_000);

  it('should explain every command with --help', async () => {
    const help = await runCli(['--help'], env);
    expect(help.code).toBe(0);
    for (const command of [
      'serve',
      'migrate',
      'user create',
      'user list',
      'user set-role',
      'user grant-cap',
      'app-password create',
      'api-key create',
      'api-key list',
      'api-key revoke',
      'jobs list',
      'jobs run-due',
      'outbox',
    ]) {
      expect(help.stdout, command).toMatch(new RegExp(`^  ${command} `, 'm'));
    }
    const one = await runCli(['user', 'grant-cap', '--help'], env);
    expect(one.code).toBe(0);
    expect(one.stdout).toContain('Usage: storeside user grant-cap [<username|email>] <capability> [options]');
    expect(one.stdout).toMatch(/^ {2}--role=<role> {2,}Grant it to every user of this role/m);
    const serveHelp = await runCli(['serve', '--help'], env);
    expect(serveHelp.stdout).toContain('storeside serve');
  }, 120_000);

  it('should create nothing for help, --version, a wrong command or a wrong option', async () => {
    // No STORESIDE_DATA_DIR: the default ./data would be created in this empty working folder.
    const cwd = mkdtempSync(join(tmpdir(), 'storeside-cli-cwd-'));
    const bare = { LOG_LEVEL: 'silent' };
    const runs: Array<[string[], number]> = [
      [['--help'], 0],
      [['user', 'create', '--help'], 0],
      [['user'], 2],
      [['--version'], 0],
      [['frobnicate'], 2],
      [['cart-recovery', 'analytics', '--bogus'], 2],
    ];
    for (const [args, code] of runs) {
      const run = await runCli(args, bare, cwd);
      expect(run.code, args.join(' ')).toBe(code);
      expect(readdirSync(cwd), args.join(' ')).toEqual([]);
    }
  }, 120_000);

  it('should read boolean options as flags, never swallowing the next word', async () => {
    const analytics = await runCli(['cart-recovery', 'analytics', '--no-cache', '--days', '7'], env);
    expect(analytics.stderr).toBe('');
    expect(analytics.stdout).toMatch(/^uncached 7 days: /m);
    const erase = await runCli(
      ['cart-recovery', 'privacy', 'erase', '--include-suppression', 'nobody@example.com'],
      env,
    );
    expect(erase).toMatchObject({ code: 0, stdout: expect.stringContaining('Erased 0 session(s)') });
  }, 120_000);
});

describe('graceful shutdown', () => {
  it('should finish an in-flight request after SIGTERM, refuse new ones, and exit 0', async () => {
    const port = await freePort();
    const server = startCli([], { ...env, PORT: String(port) }, 'test/platform/support/slow-server.ts');
    let stderr = '';
    server.stderr!.on('data', (d) => (stderr += d));
    const exited = once(server, 'exit');
    const base = `http://127.0.0.1:${port}`;
    await waitFor(async () => (await fetch(`${base}/healthz`)).ok, 90_000);
    const inFlight = fetch(`${base}/wp-json/slow/v1/wait`);
    await new Promise((r) => setTimeout(r, 300));
    server.kill('SIGTERM');
    const killedAt = Date.now();
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ done: true });
    const [code] = await exited;
    expect(stderr).toBe('');
    expect(code).toBe(0);
    // The in-flight answer closed its keep-alive connection: no wait for the 72 s keep-alive timeout.
    expect(Date.now() - killedAt).toBeLessThan(30_000);
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();
  }, 120_000);
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

async function waitFor(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('timed out');
}
