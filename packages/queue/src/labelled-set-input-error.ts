/** A set name or an item the labelled set store refuses, with every problem (`path: message`); nothing was written. */
export class LabelledSetInputError extends Error {
  override readonly name = 'LabelledSetInputError';
  readonly problems: readonly string[];

  constructor(options: { problems: readonly string[]; cause?: unknown }) {
    super(`invalid labelled set input: ${options.problems.join('; ')}`, { cause: options.cause });
    this.problems = options.problems;
  }
}
