import { Command, CommanderError } from 'commander';
import cliPackage from '../package.json' with { type: 'json' };
import type { CliCommand, ParsedCommandLine } from './cli-command';
import type { CliContext } from './cli-context';
import { commands as defaultCommands } from './commands';
import { exitCodes } from './exit-codes';
import { neutralisedContext } from './neutralised-context';

/** Options of {@link runCli}. */
export interface RunCliOptions {
  /** The arguments after `quarry`. */
  readonly argv: readonly string[];
  readonly context: CliContext;
  /** The command table. Default: every shipped command. */
  readonly commands?: readonly CliCommand[];
}

/** The commands that group others (`quarry dlq list`), with their line in `quarry --help`. */
const groups: Readonly<Record<string, string>> = {
  dlq: 'dead-letter records: list, show, groups, prune',
  review: 'completed jobs flagged for review: list, ack, correct',
  batches: "the batch lane's batches: list, show, cancel",
  workflows: 'the workflows jobs run, and how they fare',
  blobs: 'the document blob store: gc',
  eval: 'accuracy on labelled sets: run, runs, import, sets, export, delete; canary: DLQ records on a new version',
};

/** Output, errors and exits of `command` go through the context; errors name `quarry <path>`. */
function wire(command: Command, path: string, context: CliContext): Command {
  return command
    .exitOverride()
    .configureOutput({
      writeOut: context.stdout,
      writeErr: context.stderr,
      // Commander's messages start with "error: "; ours name the command instead.
      outputError: (text, write) => write(`${path}: ${text.replace(/^error: /, '')}`),
    })
    .showHelpAfterError(`Run "${path} --help" for usage.`);
}

function parsedOf(command: Command): ParsedCommandLine {
  return {
    options: command.opts(),
    args: command.args,
    flags: Object.fromEntries(command.options.map((option) => [option.attributeName(), option.long ?? ''])),
  };
}

/**
 * Runs `quarry <command> ...` on commander; resolves to the exit code (it never calls `process.exit`).
 * Help is commander's; bad usage prints the problem and `Run "quarry <command> --help" for usage.`;
 * every error a command ends with is printed and mapped to its exit code by `errorExits`. Everything
 * printed goes through {@link neutralisedContext}: no control character reaches the terminal.
 */
export async function runCli(options: RunCliOptions): Promise<number> {
  const context = neutralisedContext(options.context);
  let exitCode: number = exitCodes.ok;
  const program = wire(new Command('quarry'), 'quarry', context)
    .usage('<command> [options]')
    .description('Quarry: enqueue extraction jobs, triage and replay the dead-letter queue, review results.')
    .version(cliPackage.version, '-V, --version', 'print the version of quarry')
    // `quarry --version` only before a command: `quarry enqueue --version 2` is the workflow's version.
    .enablePositionalOptions()
    .addHelpText('after', '\nRun "quarry <command> --help" for the options of a command.');
  for (const spec of options.commands ?? defaultCommands) {
    const words = spec.name.split(' ');
    let parent = program;
    for (const [i, word] of words.slice(0, -1).entries()) {
      parent =
        parent.commands.find((command) => command.name() === word) ??
        wire(parent.command(word), `quarry ${words.slice(0, i + 1).join(' ')}`, context).description(
          groups[word] ?? '',
        );
    }
    const command = wire(parent.command(words.at(-1) ?? spec.name), `quarry ${spec.name}`, context);
    spec.configure(command);
    command.action(async () => {
      try {
        exitCode = await spec.run(parsedOf(command), context);
      } catch (error) {
        // The error classes (and the packages defining them) load only when a command fails.
        const { reportCliError } = await import('./error-exits');
        exitCode = reportCliError({ error, command: spec.name, stderr: context.stderr });
      }
    });
  }
  try {
    await program.parseAsync([...options.argv], { from: 'user' });
    return exitCode;
  } catch (error) {
    // Help (0) or bad usage (1), already printed by commander.
    if (error instanceof CommanderError) return error.exitCode;
    throw error;
  }
}
