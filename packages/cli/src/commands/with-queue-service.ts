import { type QuarryKeys, QueueConfig, quarryKeys, type RedisClient } from '@quarry/queue';
import { cliConfig } from '../cli-config';
import type { CliContext } from '../cli-context';
import { withCliRedis } from './with-cli-redis';

/**
 * Runs `body` with a service built on the configured queue's keys and a fresh Redis connection
 * (waiting at most 2 s for it), then disconnects.
 * @throws ConfigError for bad settings; RedisUnavailableError when Redis does not answer in time.
 */
export async function withQueueService<S, T>(
  context: CliContext,
  operation: string,
  open: (redis: RedisClient, keys: QuarryKeys) => S,
  body: (service: S) => Promise<T>,
): Promise<T> {
  const config = cliConfig(context.env);
  const queue = QueueConfig.parse(config.queue);
  const keys = quarryKeys({ prefix: queue.prefix, queueName: queue.queueName });
  return withCliRedis(
    {
      operation,
      redisUrl: config.redisUrl,
      redisUrlRedacted: config.redisUrlRedacted,
      open: (redis) => open(redis, keys),
    },
    body,
  );
}
