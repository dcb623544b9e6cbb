import { describe, expect, it } from 'vitest';
import type { CliCommand } from './cli-command.js';
import { commandHelp, programHelp, readCommandLine } from './command-line.js';

const run = async () => 0;
const commands: CliCommand<void>[] = [
  { name: ['serve'], summary: 'Serve.', run },
  {
    name: ['user', 'create'],
    summary: 'Create a user.',
    args: '<username> <email>',
    options: {
      password: { type: 'string', value: '<password>', description: 'Password.' },
      'send-mail': { type: 'boolean', description: 'Mail them.' },
    },
    run,
  },
  { name: ['user', 'list'], summary: 'List users.', run },
  { name: ['cart-recovery', 'privacy', 'export'], summary: 'Export.', args: '<email>', run },
];

describe('readCommandLine', () => {
  it('should select the longest matching command and parse its options wherever they stand', () => {
    expect(
      readCommandLine(commands, ['user', 'create', 'bob', '--password=pw', 'bob@example.com']),
    ).toMatchObject({
      kind: 'run',
      command: { name: ['user', 'create'] },
      args: ['bob', 'bob@example.com'],
      options: { password: 'pw' },
    });
  });

  it('should never let a boolean option swallow the next word', () => {
    const line = readCommandLine(commands, ['user', 'create', '--send-mail', 'bob', 'bob@example.com']);
    expect(line).toMatchObject({
      kind: 'run',
      args: ['bob', 'bob@example.com'],
      options: { 'send-mail': true },
    });
  });

  it('should refuse an unknown option, a missing value and a value given to a boolean, naming the option', () => {
    for (const [argv, message] of [
      [['user', 'create', '--bogus'], "Unknown option '--bogus'."],
      [['user', 'create', 'bob', '--password'], "Option '--password <value>' argument missing"],
      [['user', 'create', '--send-mail=yes'], "Option '--send-mail' does not take an argument"],
    ] as const) {
      const line = readCommandLine(commands, argv);
      expect(line.kind, argv.join(' ')).toBe('usage-error');
      expect(line.kind === 'usage-error' && line.text).toContain(`storeside: ${message}`);
      expect(line.kind === 'usage-error' && line.text).toContain(
        'usage: storeside user create <username> <email>',
      );
    }
  });

  it('should answer --help of a command with its help, whatever else is on the line', () => {
    expect(readCommandLine(commands, ['user', 'create', '--help', '--bogus'])).toMatchObject({
      kind: 'help',
    });
    expect(readCommandLine(commands, ['user', 'create', '-h'])).toEqual({
      kind: 'help',
      text: commandHelp(commands[1]!),
    });
    expect(readCommandLine(commands, ['help', 'user', 'create'])).toEqual({
      kind: 'help',
      text: commandHelp(commands[1]!),
    });
  });

  it('should list the commands a leading word begins, instead of calling it unknown', () => {
    const help = readCommandLine(commands, ['user', '--help']);
    expect(help.kind).toBe('help');
    expect(help.kind === 'help' && help.text).toMatch(/^ {2}user create {2,}Create a user\.$/m);
    expect(help.kind === 'help' && help.text).toMatch(/^ {2}user list {2,}List users\.$/m);
    const bare = readCommandLine(commands, ['user']);
    expect(bare.kind).toBe('usage-error');
    expect(bare.kind === 'usage-error' && bare.text).toContain('user list');
    const wrong = readCommandLine(commands, ['user', 'frob']);
    expect(wrong.kind === 'usage-error' && wrong.text).toContain('unknown command "user frob"');
    expect(wrong.kind === 'usage-error' && wrong.text).toContain('user create');
    expect(readCommandLine(commands, ['frob'])).toMatchObject({ kind: 'usage-error' });
  });

  it('should read the top-level --help and --version, and refuse other top-level options', () => {
    expect(readCommandLine(commands, ['--help'])).toEqual({ kind: 'help', text: programHelp(commands) });
    expect(readCommandLine(commands, ['--version'])).toEqual({ kind: 'version' });
    expect(readCommandLine(commands, ['--port=80'])).toMatchObject({ kind: 'usage-error' });
  });
});

describe('help text', () => {
  it('should keep two spaces between the longest name and its description', () => {
    const text = programHelp(commands);
    expect(text).toMatch(/^ {2}cart-recovery privacy export {2}Export\.$/m);
    expect(text).toMatch(/^ {2}serve {25}Serve\.$/m);
  });

  it("should show a command's usage and every declared option", () => {
    const text = commandHelp(commands[1]!);
    expect(text).toContain('Usage: storeside user create <username> <email> [options]');
    expect(text).toMatch(/^ {2}--password=<password> {2}Password\.$/m);
    expect(text).toMatch(/^ {2}--send-mail {12}Mail them\.$/m);
    expect(text).toMatch(/^ {2}-h, --help {13}Show this help\.$/m);
  });
});
