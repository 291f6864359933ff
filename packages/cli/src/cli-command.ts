import type { CliContext } from './cli-context';

/** One `quarry <name>` command. */
export interface CliCommand {
  /** One or more words, e.g. `enqueue` or `dlq list`. */
  readonly name: string;
  readonly summary: string;
  /** Full help text printed by `--help`. */
  readonly help: string;
  /** Runs with the arguments after the command name; resolves to the exit code. */
  run(args: readonly string[], context: CliContext): Promise<number>;
}
