/** {@link findRedis} found no Redis: the URL given does not answer, or none answers and none could be spawned. */
export class LocalRedisUnavailableError extends Error {
  override readonly name = 'LocalRedisUnavailableError';
  readonly reason: 'url_unreachable' | 'none_found';

  constructor(options: { reason: LocalRedisUnavailableError['reason']; message: string; cause?: unknown }) {
    super(options.message, { cause: options.cause });
    this.reason = options.reason;
  }
}
