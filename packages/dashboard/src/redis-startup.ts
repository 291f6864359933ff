import { type RedisClient, RedisSelfCheckError, redactRedisUrl } from '@quarry/queue';
import type { Logger } from 'pino';
import type { RedisReadiness } from './redis-readiness';

/** Options of {@link startWithRedis}. */
export interface StartWithRedisOptions {
  readonly connection: RedisClient;
  readonly readiness: RedisReadiness;
  readonly redisUrl: string;
  readonly log: Logger;
  /** How long to wait for the connection before starting without it. */
  readonly waitMs: number;
  /** The start-up self-check; throws RedisSelfCheckError on an unsafe Redis. */
  readonly selfCheck: () => Promise<unknown>;
}

function waitForReady(connection: RedisClient, waitMs: number): Promise<boolean> {
  if (connection.status === 'ready') return Promise.resolve(true);
  return new Promise((resolve) => {
    const onReady = () => {
      clearTimeout(timer);
      resolve(true);
    };
    const timer = setTimeout(() => {
      connection.off('ready', onReady);
      resolve(false);
    }, waitMs);
    connection.once('ready', onReady);
  });
}

/**
 * Runs the Redis self-check before the dashboard listens. When Redis is unreachable for `waitMs`, it
 * logs that and lets the dashboard start (answering 503, `/readyz` not ready), then runs the check
 * once Redis is reachable; an unsafe Redis then keeps it answering 503.
 * @throws RedisSelfCheckError when Redis is reachable and unsafe.
 */
export async function startWithRedis(options: StartWithRedisOptions): Promise<void> {
  const { connection, readiness, log } = options;
  const check = async () => {
    try {
      await options.selfCheck();
      readiness.selfCheck = 'passed';
    } catch (error) {
      // A check cut short by a lost connection runs again on the next 'ready'.
      if (error instanceof RedisSelfCheckError) readiness.selfCheck = 'failed';
      throw error;
    }
  };
  if (await waitForReady(connection, options.waitMs)) return check();
  log.error(
    { redisUrl: redactRedisUrl(options.redisUrl), status: connection.status, waitedMs: options.waitMs },
    'Redis is unreachable; the dashboard starts anyway and answers 503 until Redis is back',
  );
  const onReady = () => {
    log.info({ redisUrl: redactRedisUrl(options.redisUrl) }, 'Redis is reachable; running the self-check');
    check().then(
      () => connection.off('ready', onReady),
      (error: unknown) => {
        if (readiness.selfCheck === 'failed') connection.off('ready', onReady);
        log.error(
          { err: { name: (error as Error).name, message: (error as Error).message } },
          readiness.selfCheck === 'failed'
            ? 'Redis failed the self-check; the dashboard answers 503'
            : 'Redis self-check interrupted; it runs again when Redis is back',
        );
      },
    );
  };
  connection.on('ready', onReady);
}
