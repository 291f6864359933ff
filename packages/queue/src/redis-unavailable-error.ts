/** Redis could not be reached in time; the operation did not happen (producers never buffer offline). */
export class RedisUnavailableError extends Error {
  override readonly name = 'RedisUnavailableError';
  /** The Redis URL with its password redacted, when known. */
  readonly url: string | null;
  /** What the client was doing, e.g. `enqueue`. */
  readonly operation: string;

  constructor(options: { operation: string; url: string | null; detail: string; cause?: unknown }) {
    super(
      `Redis${options.url ? ` at ${options.url}` : ''} is unavailable (${options.operation}): ${options.detail}`,
      {
        cause: options.cause,
      },
    );
    this.url = options.url;
    this.operation = options.operation;
  }
}
