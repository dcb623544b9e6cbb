import { readFileSync } from 'node:fs';
import { buildApp, moduleCliCommands } from '../app.js';
import { type CliCommand, CliUsageError } from '../platform/cli/cli-command.js';
import { readCommandLine, usageErrorText } from '../platform/cli/command-line.js';
import { ConfigError, loadConfig } from '../platform/config/config.js';
import { RestError, ValidationError } from '../platform/http/errors.js';
import { standaloneCommands } from './standalone-commands.js';

/**
 * Entry point of the `storeside` command. The command line is read against the commands' declarations first, so
 * help, `--version`, a wrong command or a wrong option open nothing (no data folder, database or administrator).
 */
export async function main(argv: string[]): Promise<number> {
  const print = (line: string) => process.stdout.write(`${line}\n`);
  const commands: ReadonlyArray<CliCommand<any>> = [...standaloneCommands, ...moduleCliCommands()];
  const line = readCommandLine(commands, argv.length === 0 ? ['serve'] : argv);
  switch (line.kind) {
    case 'version':
      print(JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).version);
      return 0;
    case 'help':
      print(line.text);
      return 0;
    case 'usage-error':
      process.stderr.write(`${line.text}\n`);
      return 2;
  }
  const { command } = line;
  const input = { args: line.args, options: line.options, print };
  try {
    if (standaloneCommands.includes(command)) return await command.run(undefined, input);
    const built = await buildApp({ config: loadConfig(), print, logger: undefined });
    try {
      return await command.run(built, input);
    } finally {
      await built.close();
    }
  } catch (error) {
    const problem = describeFailure(error);
    if (problem === undefined) throw error;
    if (error instanceof ConfigError) {
      process.stderr.write(`storeside: ${problem}\n`);
      return 1;
    }
    process.stderr.write(
      `${error instanceof CliUsageError ? usageErrorText(command, problem) : `storeside: ${problem}`}\n`,
    );
    return 2;
  }
}

/** The one line a refused command prints, or undefined for a failure that is a bug (thrown on). */
function describeFailure(error: unknown): string | undefined {
  if (error instanceof ConfigError) return `configuration error: ${error.message}`;
  if (error instanceof CliUsageError || error instanceof RestError) {
    if (!(error instanceof ValidationError)) return error.message;
    return Object.entries(error.fields)
      .map(([field, rules]) => `${field}: ${Object.values(rules).join(' ')}`)
      .join('; ');
  }
  return undefined;
}
