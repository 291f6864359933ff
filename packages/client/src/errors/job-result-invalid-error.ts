/** A completed job's return value breaks the ExtractionJobResult schema (it was not produced by a Quarry worker). */
export class JobResultInvalidError extends Error {
  override readonly name = 'JobResultInvalidError';
  readonly jobId: string;
  readonly problems: readonly string[];

  constructor(options: { jobId: string; problems: readonly string[] }) {
    super(`Job ${options.jobId} completed with an invalid result: ${options.problems.join('; ')}`);
    this.jobId = options.jobId;
    this.problems = options.problems;
  }
}
