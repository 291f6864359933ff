/**
 * Input that planning page windows or merging their outputs cannot use: a page count, window or
 * overlap out of range, windows out of order, an output that is not an object.
 */
export class SplitInputError extends Error {
  override readonly name = 'SplitInputError';
  /** Each problem, naming where (`windows[2].output: expected an object`). */
  readonly problems: readonly string[];

  constructor(options: { problems: readonly string[]; cause?: unknown }) {
    super(`Invalid split input: ${options.problems.join('; ')}`, { cause: options.cause });
    this.problems = options.problems;
  }
}
