import { readFileSync } from 'node:fs';
import { buildApp } from '../app.js';
import { ConfigError, loadConfig } from '../platform/config/config.js';
import type { CliCommand } from '../platform/cli/cli-command.js';
import { CliUsageError } from '../platform/cli/platform-commands.js';
import { ValidationError, RestError } from '../platform/http/errors.js';
import { serve } from './serve.js';

/** Entry point of the `storeside` command. */
export async function main(argv: string[]): Promise<number> {
  const print = (line: string) => process.stdout.write(`${line}\n`);
  const { words, flags } = parseArgs(argv);
  if (flags.version) {
    print(JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).version);
    return 0;
  }
  if (words[0] === 'mcp') {
    // A relay to a running instance: it needs neither the configuration nor the database. Imported here so
    // that other commands (the server first) never load the MCP SDK's client.
    const { MCP_USAGE, mcpBridge } = await import('./mcp-bridge.js');
    if (!flags.help) return mcpBridge(flags);
    print(
      `storeside mcp — MCP stdio server relaying to a running instance's /mcp endpoint.\nusage: ${MCP_USAGE}`,
    );
    return 0;
  }
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`storeside: configuration error: ${error.message}\n`);
      return 1;
    }
    throw error;
  }
  if (words[0] === 'serve' || (words.length === 0 && !flags.help)) {
    if (flags.help) {
      print('storeside serve — run the HTTP server and the job worker (what `npm start` runs).');
      return 0;
    }
    return serve(config);
  }
  const built = await buildApp({ config, print, logger: undefined });
  try {
    const commands: CliCommand[] = built.modules.flatMap((m) => m.cli?.(built.ctx) ?? []);
    if (words[0] === 'help' || (flags.help && words.length === 0)) {
      printHelp(commands, print);
      return 0;
    }
    const command = commands
      .filter((c) => c.name.every((w, i) => words[i] === w))
      .sort((a, b) => b.name.length - a.name.length)[0];
    if (!command) {
      process.stderr.write(`storeside: unknown command "${words.join(' ')}". Run storeside help.\n`);
      return 2;
    }
    if (flags.help) {
      print(`storeside ${command.name.join(' ')} — ${command.summary}`);
      if (command.usage) print(command.usage);
      return 0;
    }
    try {
      return await command.run({ args: words.slice(command.name.length), flags, print });
    } catch (error) {
      if (error instanceof CliUsageError) {
        process.stderr.write(
          `storeside: ${error.message}\n${command.usage ? `usage: ${command.usage}\n` : ''}`,
        );
        return 2;
      }
      if (error instanceof ValidationError) {
        process.stderr.write(
          `storeside: ${Object.entries(error.fields)
            .map(([f, r]) => `${f}: ${Object.values(r).join(' ')}`)
            .join('; ')}\n`,
        );
        return 2;
      }
      if (error instanceof RestError) {
        process.stderr.write(`storeside: ${error.message}\n`);
        return 2;
      }
      throw error;
    }
  } finally {
    await built.close();
  }
}

function printHelp(commands: CliCommand[], print: (line: string) => void): void {
  print('Usage: storeside <command> [options]   (storeside <command> --help for details)\n');
  print('  serve                 Run the HTTP server and job worker (default)');
  print('  mcp                   MCP stdio server for desktop agents (relays to a running instance)');
  for (const c of commands) print(`  ${c.name.join(' ').padEnd(22)}${c.summary}`);
}

/** Splits argv into words and `--flag[=value]` options. */
export function parseArgs(argv: string[]): { words: string[]; flags: Record<string, string | boolean> } {
  const words: string[] = [];
  const flags: Record<string, string | boolean> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '-h') flags.help = true;
    else if (arg.startsWith('--')) {
      const eq = arg.indexOf('=');
      if (eq !== -1) flags[arg.slice(2, eq)] = arg.slice(eq + 1);
      else if (
        argv[i + 1] !== undefined &&
        !argv[i + 1]!.startsWith('--') &&
        !['help', 'version', 'with-fakes'].includes(arg.slice(2))
      ) {
        flags[arg.slice(2)] = argv[++i]!;
      } else flags[arg.slice(2)] = true;
    } else words.push(arg);
  }
  return { words, flags };
}
