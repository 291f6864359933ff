import type { Command } from 'commander';
import type { CliContext } from './cli-context';

/** What commander parsed for one command. */
export interface ParsedCommandLine {
  /** Option values by attribute name (`--max-tokens` → `maxTokens`): strings, or `true` for switches. */
  readonly options: Readonly<Record<string, unknown>>;
  /** The operands (positional arguments). */
  readonly args: readonly string[];
  /** The long flag of each option by attribute name (`maxTokens` → `--max-tokens`), for messages. */
  readonly flags: Readonly<Record<string, string>>;
}

/** One `quarry <name>` command, as the program registers it (see `defineCommand`). */
export interface CliCommand {
  /** One or more words, e.g. `enqueue` or `dlq list`. */
  readonly name: string;
  /** One line, listed by `quarry --help`. */
  readonly summary: string;
  /** Declares the usage, description, arguments, options and extra help on commander's command. */
  configure(command: Command): void;
  /**
   * Checks what was parsed and runs; resolves to the exit code.
   * @throws UsageError naming a bad flag; any other error a command ends with (see `errorExits`).
   */
  run(parsed: ParsedCommandLine, context: CliContext): Promise<number>;
}
