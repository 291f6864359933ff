import { terminalText } from '@quarry/env';
import type { LabelledSetProblem } from './labelled-set-problem';

/** Problems listed in the message; all of them are in `problems`. */
const MESSAGE_PROBLEMS = 20;

const placeOf = (problem: LabelledSetProblem): string =>
  [
    problem.file === null ? null : terminalText(problem.file),
    problem.line === null ? null : `line ${problem.line}`,
  ]
    .filter((part) => part !== null)
    .join(' ') || 'set';

/**
 * A labelled set directory that cannot be used: `problems` lists every problem found (errors and the
 * entries that would have been skipped), each with its line or file, kind and message; the message
 * lists the first 20. Nothing of the set is returned with it.
 */
export class LabelledSetError extends Error {
  override readonly name = 'LabelledSetError';
  /** The set directory as given. */
  readonly dir: string;
  readonly problems: readonly LabelledSetProblem[];

  constructor(options: { dir: string; problems: readonly LabelledSetProblem[]; cause?: unknown }) {
    const errors = options.problems.filter((problem) => problem.severity === 'error').length;
    const lines = options.problems
      .slice(0, MESSAGE_PROBLEMS)
      .map((problem) => `  ${placeOf(problem)}: ${terminalText(problem.message)} (${problem.kind})`);
    const more = options.problems.length - lines.length;
    super(
      [
        `Labelled set ${terminalText(options.dir)} cannot be used: ${errors} ${errors === 1 ? 'error' : 'errors'}`,
        ...lines,
        ...(more > 0 ? [`  and ${more} more`] : []),
      ].join('\n'),
      { cause: options.cause },
    );
    this.dir = options.dir;
    this.problems = options.problems;
  }
}
