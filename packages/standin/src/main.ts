import { readFileSync } from 'node:fs';
import { parseCliArguments } from './cli-arguments';
import { cliUsage } from './cli-usage';
import { InvalidStandinOptionsError } from './invalid-standin-options-error';
import { LabelledSetError } from './labelled-set-error';
import { readLabelledSet } from './read-labelled-set';
import type { StandinOptions } from './standin-options';
import { startStandin } from './start-standin';

/**
 * The stand-in as a process: prints `{"url": …}` on one line of stdout once listening, and
 * closes on SIGTERM or SIGINT. Exits 2 on unusable arguments.
 */
async function main(): Promise<void> {
  const command = parseCliArguments(process.argv.slice(2), (path) => readFileSync(path, 'utf8'));
  if (command.kind === 'help') {
    process.stdout.write(`${cliUsage}\n`);
    return;
  }
  const options =
    command.labelledSet === undefined
      ? command.options
      : await withLabelledSet(command.options, command.labelledSet);
  const standin = await startStandin(options);
  const stop = (): void => {
    standin.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  process.stdout.write(`${JSON.stringify({ url: standin.url })}\n`);
}

/** The options with the set's items after the `--corpus` ones; a set that cannot be read is an unusable argument. */
async function withLabelledSet(options: StandinOptions, dir: string): Promise<StandinOptions> {
  const entries = await readLabelledSet({ dir }).catch((error: unknown) => {
    if (!(error instanceof LabelledSetError)) throw error;
    throw new InvalidStandinOptionsError({ problems: [`--labelled-set: ${error.message}`], cause: error });
  });
  const corpus = options.simulate?.corpus;
  return {
    ...options,
    simulate: {
      ...options.simulate,
      // A corpus that is not a list stays as it is, for startStandin to name.
      corpus: corpus === undefined ? entries : Array.isArray(corpus) ? [...corpus, ...entries] : corpus,
    },
  };
}

main().catch((error: unknown) => {
  if (error instanceof InvalidStandinOptionsError) {
    process.stderr.write(
      `${error.problems.map((problem) => `standin: ${problem}`).join('\n')}\n\n${cliUsage}\n`,
    );
    process.exit(2);
  }
  process.stderr.write(`standin: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
