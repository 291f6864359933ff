/** A call waiting for its rate-limit budget was let go because the worker is closing; it was never sent. */
export class PacingCancelledError extends Error {
  override readonly name = 'PacingCancelledError';
  /** The model class whose budget the call waited for. */
  readonly rateLimitClass: string;

  constructor(options: { readonly rateLimitClass: string; readonly cause?: unknown }) {
    super(
      `A call waiting for the ${options.rateLimitClass} rate-limit budget was let go: the worker is closing`,
      {
        cause: options.cause,
      },
    );
    this.rateLimitClass = options.rateLimitClass;
  }
}
