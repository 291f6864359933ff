/** A call to the API cut off by its deadline ({@link withCallDeadline}), headers and body included. */
export class CallDeadlineError extends Error {
  override readonly name = 'CallDeadlineError';
  readonly operation: string;
  readonly timeoutMs: number;

  constructor(options: { readonly operation: string; readonly timeoutMs: number; readonly cause?: unknown }) {
    super(
      `${options.operation} did not complete within ${options.timeoutMs} ms (headers and body); it was aborted`,
      {
        cause: options.cause,
      },
    );
    this.operation = options.operation;
    this.timeoutMs = options.timeoutMs;
  }
}
