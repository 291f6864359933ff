/** `redis-server` could not be started: missing binary, bad arguments, or not ready in time. */
export class SpawnRedisError extends Error {
  override readonly name = 'SpawnRedisError';
  readonly reason: 'not_found' | 'exited' | 'timeout';
  /** The tail of the server's log. */
  readonly output: string;

  constructor(options: {
    reason: SpawnRedisError['reason'];
    message: string;
    output: string;
    cause?: unknown;
  }) {
    super(options.output ? `${options.message}:\n${options.output}` : options.message, {
      cause: options.cause,
    });
    this.reason = options.reason;
    this.output = options.output;
  }
}
