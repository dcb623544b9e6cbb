/** One option of a CLI command, in `util.parseArgs`'s terms, with its help text. */
export interface CliOption {
  type: 'string' | 'boolean';
  /** One line for the command's help. */
  description: string;
  /** Placeholder of a string option's value in the help (`--role=<role>`); default `<value>`. */
  value?: string;
}

/** What a command's runner receives: the words after its name, its parsed options, and where to print. */
export interface CliInput {
  args: string[];
  options: Record<string, string | boolean | undefined>;
  print: (line: string) => void;
}

/**
 * One `storeside` sub-command (e.g. `jobs list`), declared once: the command line is parsed and its help written
 * from this declaration, without opening the database; `run` gets the built app's context `C`.
 */
export interface CliCommand<C> {
  /** Words that select it: `['jobs', 'list']`. */
  name: readonly string[];
  /** One line shown by `storeside --help`. */
  summary: string;
  /** Its positional arguments as the usage line shows them: `<username> <email>`. */
  args?: string;
  /** Its options by long name (`role` for `--role`); every command also takes `--help`. */
  options?: Readonly<Record<string, CliOption>>;
  /** Runs it; returns the exit code. */
  run(ctx: C, input: CliInput): Promise<number>;
}

/** A wrong CLI invocation: printed with the command's usage, exit code 2. */
export class CliUsageError extends Error {}
