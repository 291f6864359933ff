/** No job with this id exists (never enqueued, or removed by retention) and it has no DLQ record. */
export class JobNotFoundError extends Error {
  override readonly name = 'JobNotFoundError';
  readonly jobId: string;

  constructor(options: { jobId: string }) {
    super(`No job ${options.jobId} (never enqueued, or its result was removed by retention)`);
    this.jobId = options.jobId;
  }
}
