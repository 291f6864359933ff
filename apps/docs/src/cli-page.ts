import { type CliCommand, commands } from '@quarry/cli';
import { Command } from 'commander';
import { generatedNotice } from './generated-notice';

/** The width help is wrapped to on the page, whatever terminal runs the generator. */
const HELP_WIDTH = 100;

/** The `--help` text of one command, as `quarry <name> --help` prints it at {@link HELP_WIDTH} columns. */
function helpText(spec: CliCommand): string {
  let text = '';
  const words = spec.name.split(' ');
  let parent = new Command('quarry');
  for (const word of words.slice(0, -1)) parent = parent.command(word);
  const command = parent.command(words.at(-1) ?? spec.name);
  command.configureOutput({ writeOut: (chunk) => (text += chunk), getOutHelpWidth: () => HELP_WIDTH });
  command.configureHelp({ helpWidth: HELP_WIDTH });
  spec.configure(command);
  command.outputHelp();
  return text.trimEnd();
}

/** A heading anchor as GitHub makes it. */
const anchor = (heading: string): string =>
  heading
    .toLowerCase()
    .replace(/[^a-z0-9 -]/g, '')
    .replace(/ /g, '-');

/** docs/reference/cli.md: each `quarry` command with its summary and the help it prints. */
export function cliPage(): string {
  const list = commands.map(
    (spec) => `| [\`quarry ${spec.name}\`](#${anchor(`quarry ${spec.name}`)}) | ${spec.summary} |`,
  );
  return [
    '# CLI reference',
    '',
    generatedNotice,
    '',
    'Run as `pnpm quarry <command>` in this repository (the `quarry` binary of `@quarry/cli`). Every command',
    'prints this help with `--help`; the environment variables it reads are in [configuration](configuration.md).',
    '',
    '| Command | What it does |',
    '| --- | --- |',
    ...list,
    '',
    ...commands.flatMap((spec) => [`## quarry ${spec.name}`, '', '```text', helpText(spec), '```', '']),
  ].join('\n');
}
