/** One `storeside` sub-command (e.g. `jobs list`), with its help text and runner. */
export interface CliCommand {
  /** Words that select it: `['jobs', 'list']`. */
  name: string[];
  /** One line shown by `--help`. */
  summary: string;
  /** Usage line(s) shown by `<command> --help`. */
  usage?: string;
  /** Runs it; `args` are the words after the name, `flags` the `--x=y` / `--x y` options. Returns the exit code. */
  run(input: {
    args: string[];
    flags: Record<string, string | boolean>;
    print: (line: string) => void;
  }): Promise<number>;
}
