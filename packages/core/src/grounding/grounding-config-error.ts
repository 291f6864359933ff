/**
 * A grounding setting that cannot be used with its output schema: a bad value, a field key that
 * names no field, labels for a field that is not an enum, or a schema that grounding cannot extend.
 */
export class GroundingConfigError extends Error {
  override readonly name = 'GroundingConfigError';
  /** Each problem, naming where (`fields["lines[].skuu"]: …`). */
  readonly problems: readonly string[];

  constructor(options: { problems: readonly string[]; cause?: unknown }) {
    super(`Invalid grounding setting: ${options.problems.join('; ')}`, { cause: options.cause });
    this.problems = options.problems;
  }
}
