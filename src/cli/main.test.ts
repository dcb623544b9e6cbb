import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { moduleCliCommands } from '../app.js';
import { main } from './main.js';
import { standaloneCommands } from './standalone-commands.js';

// In-process: `main` with the output captured, its data folder pointed at an empty temporary one that must stay
// empty. The spawned, whole-process runs are in test/platform/cli.int.test.ts.
const commands = [...standaloneCommands, ...moduleCliCommands()];
let out: string;
let err: string;
let dataDir: string;
let savedDataDir: string | undefined;

beforeEach(() => {
  out = '';
  err = '';
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    out += String(chunk);
    return true;
  });
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
    err += String(chunk);
    return true;
  });
  dataDir = join(mkdtempSync(join(tmpdir(), 'storeside-cli-help-')), 'data');
  savedDataDir = process.env.STORESIDE_DATA_DIR;
  process.env.STORESIDE_DATA_DIR = dataDir;
});
afterEach(() => {
  vi.restoreAllMocks();
  if (savedDataDir === undefined) delete process.env.STORESIDE_DATA_DIR;
  else process.env.STORESIDE_DATA_DIR = savedDataDir;
  expect(existsSync(dataDir), 'the data folder').toBe(false);
  expect(readdirSync(join(dataDir, '..')), 'the folder above it').toEqual([]);
});

describe('storeside --help', () => {
  it('should list every command, its name never running into its summary', async () => {
    expect(await main(['--help'])).toBe(0);
    for (const command of commands)
      expect(out).toMatch(new RegExp(`^ {2}${command.name.join(' ')} {2,}\\S`, 'm'));
    expect(err).toBe('');
  });
});

describe.each(commands.map((command) => [command.name.join(' '), command] as const))(
  'storeside %s',
  (name, command) => {
    it('should print its usage and every option it declares for --help, opening nothing', async () => {
      expect(await main([...command.name, '--help'])).toBe(0);
      expect(out).toContain(`storeside ${name} — ${command.summary}`);
      expect(out).toContain(`Usage: storeside ${name}`);
      for (const option of Object.keys(command.options ?? {})) expect(out).toContain(`  --${option}`);
      expect(err).toBe('');
    });

    it('should refuse an unknown option with exit code 2 and a line naming it, opening nothing', async () => {
      expect(await main([...command.name, '--no-such-option'])).toBe(2);
      expect(err).toContain("storeside: Unknown option '--no-such-option'.");
      expect(err).toContain(`usage: storeside ${name}`);
      expect(out).toBe('');
    });
  },
);

describe('wrong commands', () => {
  it('should list the commands a group word begins and refuse unknown ones, opening nothing', async () => {
    expect(await main(['user', '--help'])).toBe(0);
    for (const sub of ['create', 'list', 'set-role', 'grant-cap'])
      expect(out).toMatch(new RegExp(`^ {2}user ${sub} `, 'm'));
    expect(await main(['user'])).toBe(2);
    expect(err).toContain('user grant-cap');
    expect(await main(['frobnicate'])).toBe(2);
    expect(err).toContain('unknown command "frobnicate"');
    expect(await main(['--version'])).toBe(0);
    expect(out).toMatch(/^\d+\.\d+\.\d+$/m);
  });
});
