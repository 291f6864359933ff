/** An environment variable the CLI reads has a bad value. */
export class CliConfigError extends Error {
  override readonly name = 'CliConfigError';
  /** One line per bad variable: `NAME: what is wrong`. */
  readonly problems: readonly string[];

  constructor(options: { problems: readonly string[] }) {
    super(`Bad configuration: ${options.problems.join('; ')}`);
    this.problems = options.problems;
  }
}
