/**
 * Job data that breaks the job contract or the workflow's input schema. Retrying cannot fix it,
 * so the failure policy dead-letters it with reason `invalid_payload`.
 */
export class InvalidJobDataError extends Error {
  override readonly name = 'InvalidJobDataError';
  /** Every problem found, each naming the offending path. */
  readonly problems: readonly string[];

  constructor(options: { message: string; problems: readonly string[]; cause?: unknown }) {
    super(options.message, { cause: options.cause });
    this.problems = options.problems;
  }
}
