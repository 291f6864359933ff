/** How to get a Redis for the demo. */
const GET_REDIS_HINT =
  'Start one with "docker compose up -d redis" (from the repository root), or install your ' +
  "distribution's redis-server package (e.g. apt-get install redis-server), or set REDIS_URL.";

/** The demo found no Redis and could not start one; the message says how to get one. */
export class DemoRedisUnavailableError extends Error {
  override readonly name = 'DemoRedisUnavailableError';

  constructor(options: { readonly message: string; readonly cause?: unknown }) {
    super(`${options.message} ${GET_REDIS_HINT}`, { cause: options.cause });
  }
}
