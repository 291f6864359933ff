import { type RedisClient, redactRedisUrl } from '@quarry/queue';
import type { Logger } from 'pino';

/**
 * Logs when the dashboard loses Redis and when it is back (once per change, not per reconnect
 * attempt). Returns a function that stops listening.
 */
export function logRedisConnection(options: {
  readonly connection: RedisClient;
  readonly redisUrl: string;
  readonly log: Logger;
}): () => void {
  const { connection, log } = options;
  const redisUrl = redactRedisUrl(options.redisUrl);
  let up = connection.status === 'ready';
  let everUp = up;
  // Each failed reconnect attempt emits an error; the change of state below is what gets logged.
  const onError = () => {};
  const onClose = () => {
    if (!up) return;
    up = false;
    log.error({ redisUrl }, 'Redis connection lost; the dashboard answers 503 until it is back');
  };
  const onReady = () => {
    if (up) return;
    up = true;
    if (everUp) log.info({ redisUrl }, 'Redis is reachable again');
    everUp = true;
  };
  connection.on('error', onError);
  connection.on('close', onClose);
  connection.on('ready', onReady);
  return () => {
    connection.off('error', onError);
    connection.off('close', onClose);
    connection.off('ready', onReady);
  };
}
