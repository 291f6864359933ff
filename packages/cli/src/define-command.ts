import type { Option } from 'commander';
import type { z } from 'zod';
import type { CliCommand } from './cli-command';
import type { CliContext } from './cli-context';
import { readFlags } from './read-flags';

/** A command described for {@link defineCommand}. */
export interface CommandSpec<S extends z.ZodType> {
  /** One or more words, e.g. `enqueue` or `dlq list`. */
  readonly name: string;
  /** One line, listed by `quarry --help`. */
  readonly summary: string;
  /** What the command does, shown by its `--help` (line breaks are wrapped again to the terminal). */
  readonly description: string;
  /** The usage after `quarry <name>`; default: commander's `[options]` and arguments. */
  readonly usage?: string;
  /** Positional arguments in commander's form (`[jobId...]`) with their help; `args` in `flags`. */
  readonly arguments?: readonly { readonly name: string; readonly description: string }[];
  /** The options, made fresh for each program. */
  readonly options: () => readonly Option[];
  /**
   * Checks the option values (by attribute name, `--max-tokens` → `maxTokens`) and the operands
   * (`args`). A field's message follows its flag (`must be a positive integer`); a message of
   * anything else (`give exactly one of --file or --text`) is the whole problem.
   */
  readonly flags: S;
  /** Command lines to copy, each starting `quarry <name>`, shown first after the options by `--help`. */
  readonly examples: readonly string[];
  /** Shown after the options by `--help`: exit codes, environment variables. */
  readonly helpAfter?: string;
  /** Runs with the checked flags; resolves to the exit code. */
  run(flags: z.output<S>, context: CliContext): Promise<number>;
}

/** A {@link CliCommand} whose flags are checked by a zod schema before it runs. */
export function defineCommand<S extends z.ZodType>(spec: CommandSpec<S>): CliCommand {
  return {
    name: spec.name,
    summary: spec.summary,
    configure(command) {
      command.summary(spec.summary).description(spec.description.replace(/\s*\n\s*/g, ' '));
      if (spec.usage !== undefined) command.usage(spec.usage);
      for (const argument of spec.arguments ?? []) command.argument(argument.name, argument.description);
      for (const option of spec.options()) command.addOption(option);
      const examples = `Examples:\n${spec.examples.map((example) => `  ${example}`).join('\n')}`;
      command.addHelpText(
        'after',
        `\n${examples}${spec.helpAfter === undefined ? '' : `\n\n${spec.helpAfter}`}`,
      );
    },
    run: (parsed, context) => spec.run(readFlags(spec.flags, parsed), context),
  };
}
