import { parseArgs } from 'node:util';
import type { CliCommand, CliInput, CliOption } from './cli-command.js';

/** What a command line asks for, read from the commands' declarations alone (nothing is opened or created). */
export type CommandLine<C> =
  | { kind: 'run'; command: CliCommand<C>; args: string[]; options: CliInput['options'] }
  | { kind: 'help'; text: string }
  | { kind: 'version' }
  | { kind: 'usage-error'; text: string };

const PROGRAM = 'storeside';
const HELP_OPTION: CliOption = { type: 'boolean', description: 'Show this help.' };

/**
 * Reads `argv` against the declared commands: the leading words select the longest matching command, the rest
 * is parsed strictly by `util.parseArgs` with that command's options (an unknown option or a missing value is a
 * usage error, not the next word swallowed). Words that only begin commands (`user`) list those commands.
 */
export function readCommandLine<C>(
  commands: readonly CliCommand<C>[],
  argv: readonly string[],
): CommandLine<C> {
  const firstOption = argv.findIndex((arg) => arg.startsWith('-'));
  const words = firstOption === -1 ? [...argv] : argv.slice(0, firstOption);
  if (words[0] === 'help') return helpAbout(commands, words.slice(1));
  if (words.length === 0) return readTopLevelOptions(commands, argv);
  const command = longestMatch(commands, words);
  if (!command) return unknownCommand(commands, words, argv.slice(words.length));
  const rest = argv.slice(command.name.length);
  if (asksForHelp(rest)) return { kind: 'help', text: commandHelp(command) };
  try {
    const { values, positionals } = parseArgs({
      args: rest,
      options: parseArgsOptions(command.options),
      allowPositionals: true,
      strict: true,
    });
    return { kind: 'run', command, args: positionals, options: values };
  } catch (error) {
    if (!isParseArgsError(error)) throw error;
    return { kind: 'usage-error', text: usageErrorText(command, firstSentence(error.message)) };
  }
}

/** The usage line of a command, from its declaration. */
export function commandUsage(command: CliCommand<unknown>): string {
  const options = Object.keys(command.options ?? {}).length > 0 ? ' [options]' : '';
  return `${PROGRAM} ${command.name.join(' ')}${command.args ? ` ${command.args}` : ''}${options}`;
}

/** The text of `storeside <command> --help`, from its declaration. */
export function commandHelp(command: CliCommand<unknown>): string {
  const options = Object.entries({ ...command.options, help: HELP_OPTION }).map(
    ([name, option]): Row => [optionLabel(name, option), option.description],
  );
  return [
    `${PROGRAM} ${command.name.join(' ')} — ${command.summary}`,
    '',
    `Usage: ${commandUsage(command)}`,
    '',
    'Options:',
    ...table(options),
  ].join('\n');
}

/** The text of `storeside --help`: every command with its summary. */
export function programHelp(commands: readonly CliCommand<unknown>[]): string {
  return [
    `Usage: ${PROGRAM} [<command>] [options]   (no command: serve)`,
    '',
    'Commands:',
    ...commandTable(commands),
    '',
    'Options:',
    ...table([
      [
        '-h, --help',
        `Show this help; ${PROGRAM} <command> --help shows one command's arguments and options.`,
      ],
      ['--version', 'Print the version.'],
    ]),
  ].join('\n');
}

/** The message of a wrong invocation of `command`: the problem, its usage, and where its help is. */
export function usageErrorText(command: CliCommand<unknown>, problem: string): string {
  return `${PROGRAM}: ${problem}\nusage: ${commandUsage(command)}\nRun ${PROGRAM} ${command.name.join(' ')} --help for its options.`;
}

type Row = [string, string];

function readTopLevelOptions<C>(commands: readonly CliCommand<C>[], argv: readonly string[]): CommandLine<C> {
  try {
    const { values } = parseArgs({
      args: [...argv],
      options: { help: { type: 'boolean', short: 'h' }, version: { type: 'boolean' } },
      strict: true,
    });
    if (values.version && !values.help) return { kind: 'version' };
    return { kind: 'help', text: programHelp(commands) };
  } catch (error) {
    if (!isParseArgsError(error)) throw error;
    return {
      kind: 'usage-error',
      text: `${PROGRAM}: ${firstSentence(error.message)}\nRun ${PROGRAM} --help.`,
    };
  }
}

function helpAbout<C>(commands: readonly CliCommand<C>[], words: string[]): CommandLine<C> {
  if (words.length === 0) return { kind: 'help', text: programHelp(commands) };
  const command = longestMatch(commands, words);
  if (command && command.name.length === words.length) return { kind: 'help', text: commandHelp(command) };
  return unknownCommand(commands, words, []);
}

function unknownCommand<C>(
  commands: readonly CliCommand<C>[],
  words: string[],
  rest: readonly string[],
): CommandLine<C> {
  // The longest run of leading words that begins some commands: `user` → `user create`, `user list` …
  for (let length = words.length; length > 0; length--) {
    const prefix = words.slice(0, length);
    const group = commands.filter((c) => c.name.length > length && prefix.every((w, i) => c.name[i] === w));
    if (group.length === 0) continue;
    const listing = [`${PROGRAM} ${prefix.join(' ')} — commands:`, ...commandTable(group)].join('\n');
    if (length === words.length && asksForHelp(rest)) return { kind: 'help', text: listing };
    const problem =
      length === words.length
        ? `"${prefix.join(' ')}" needs one of its commands.`
        : `unknown command "${words.join(' ')}".`;
    return { kind: 'usage-error', text: `${PROGRAM}: ${problem}\n${listing}` };
  }
  return {
    kind: 'usage-error',
    text: `${PROGRAM}: unknown command "${words.join(' ')}". Run ${PROGRAM} --help.`,
  };
}

/** `--help` or `-h` before any `--`: help wins over whatever else is on the line. */
function asksForHelp(args: readonly string[]): boolean {
  const end = args.indexOf('--');
  return (end === -1 ? args : args.slice(0, end)).some((arg) => arg === '--help' || arg === '-h');
}

function longestMatch<C>(
  commands: readonly CliCommand<C>[],
  words: readonly string[],
): CliCommand<C> | undefined {
  return commands
    .filter((c) => c.name.length <= words.length && c.name.every((w, i) => words[i] === w))
    .sort((a, b) => b.name.length - a.name.length)[0];
}

function parseArgsOptions(options: CliCommand<unknown>['options']) {
  return Object.fromEntries(Object.entries(options ?? {}).map(([name, { type }]) => [name, { type }]));
}

function optionLabel(name: string, option: CliOption): string {
  if (name === 'help') return '-h, --help';
  return option.type === 'string' ? `--${name}=${option.value ?? '<value>'}` : `--${name}`;
}

function commandTable(commands: readonly CliCommand<unknown>[]): string[] {
  return table(commands.map((c): Row => [c.name.join(' '), c.summary]));
}

/** Two columns, the first padded to its longest entry plus two spaces, so names never run into descriptions. */
function table(rows: Row[]): string[] {
  const width = Math.max(...rows.map(([left]) => left.length)) + 2;
  return rows.map(([left, right]) => `  ${left.padEnd(width)}${right}`);
}

function isParseArgsError(error: unknown): error is Error & { code: string } {
  return error instanceof Error && String((error as { code?: unknown }).code).startsWith('ERR_PARSE_ARGS');
}

/** parseArgs' messages go on to explain `--` for positionals that begin with a dash: the first sentence says it. */
function firstSentence(message: string): string {
  const end = message.indexOf('. ');
  return end === -1 ? message : message.slice(0, end + 1);
}
