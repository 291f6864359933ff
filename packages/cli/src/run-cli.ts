import { ConfigError } from '@quarry/env';
import type { CliCommand } from './cli-command';
import type { CliContext } from './cli-context';
import { commands as defaultCommands } from './commands';
import { exitCodes } from './exit-codes';
import { neutralisedContext } from './neutralised-context';
import { UsageError } from './usage-error';

/** Options of {@link runCli}. */
export interface RunCliOptions {
  /** The arguments after `quarry`. */
  readonly argv: readonly string[];
  readonly context: CliContext;
  /** The command table. Default: every shipped command. */
  readonly commands?: readonly CliCommand[];
}

function topHelp(commands: readonly CliCommand[]): string {
  const width = Math.max(...commands.map((command) => command.name.length));
  return `Usage: quarry <command> [options]

Commands:
${commands.map((command) => `  ${command.name.padEnd(width)}  ${command.summary}`).join('\n')}

Run "quarry <command> --help" for a command's options.`;
}

/** Finds the command whose (possibly multi-word) name the arguments start with, longest first. */
function match(commands: readonly CliCommand[], argv: readonly string[]) {
  const sorted = [...commands].sort((a, b) => b.name.split(' ').length - a.name.split(' ').length);
  for (const command of sorted) {
    const words = command.name.split(' ');
    if (words.every((word, i) => argv[i] === word)) return { command, args: argv.slice(words.length) };
  }
  return null;
}

/**
 * Runs `quarry <command> ...`; resolves to the exit code (it never calls `process.exit`). Everything
 * printed goes through {@link neutralisedContext}: no control character reaches the terminal.
 */
export async function runCli(options: RunCliOptions): Promise<number> {
  const { argv } = options;
  const context = neutralisedContext(options.context);
  const commands = options.commands ?? defaultCommands;
  const first = argv[0];
  if (first === undefined || first === '--help' || first === '-h' || first === 'help') {
    (first === undefined ? context.stderr : context.stdout)(`${topHelp(commands)}\n`);
    return first === undefined ? exitCodes.failure : exitCodes.ok;
  }
  const found = match(commands, argv);
  if (!found) {
    context.stderr(`quarry: unknown command "${first}"\n\n${topHelp(commands)}\n`);
    return exitCodes.failure;
  }
  try {
    return await found.command.run(found.args, context);
  } catch (error) {
    const name = found.command.name;
    if (error instanceof UsageError) {
      context.stderr(`quarry ${name}: ${error.message}\nRun "quarry ${name} --help" for usage.\n`);
    } else if (error instanceof ConfigError) {
      context.stderr(`quarry ${name}: ${error.message}\n`);
    } else {
      context.stderr(
        `quarry ${name}: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}\n`,
      );
    }
    return exitCodes.failure;
  }
}
