/** `waitForResult` gave up before the job finished; the job itself carries on. */
export class WaitTimeoutError extends Error {
  override readonly name = 'WaitTimeoutError';
  readonly jobId: string;
  readonly timeoutMs: number;
  /** The job's state when the wait ended. */
  readonly lastState: string;

  constructor(options: { jobId: string; timeoutMs: number; lastState: string }) {
    super(`Job ${options.jobId} did not finish within ${options.timeoutMs} ms (still ${options.lastState})`);
    this.jobId = options.jobId;
    this.timeoutMs = options.timeoutMs;
    this.lastState = options.lastState;
  }
}
