import { QueueConfig, quarryKeys, ReviewIndex } from '@quarry/queue';
import { cliConfig } from '../cli-config';
import type { CliContext } from '../cli-context';
import { withCliRedis } from './with-cli-redis';

/**
 * Runs `body` with the review index on the configured Redis (waiting at most 2 s for it), then disconnects.
 * @throws ConfigError for bad settings; RedisUnavailableError when Redis does not answer in time.
 */
export async function withReviewIndex<T>(
  context: CliContext,
  operation: string,
  body: (index: ReviewIndex) => Promise<T>,
): Promise<T> {
  const config = cliConfig(context.env);
  const queue = QueueConfig.parse(config.queue);
  const keys = quarryKeys({ prefix: queue.prefix, queueName: queue.queueName });
  return withCliRedis(
    {
      operation,
      redisUrl: config.redisUrl,
      redisUrlRedacted: config.redisUrlRedacted,
      open: (redis) => new ReviewIndex({ redis, keys }),
    },
    body,
  );
}
