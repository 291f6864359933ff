import {
  closeConnection,
  QueueConfig,
  quarryKeys,
  RedisGate,
  ReviewIndex,
  redisConnection,
} from '@quarry/queue';
import { cliConfig } from '../cli-config';
import type { CliContext } from '../cli-context';

/** How long a review command waits for Redis before giving up. */
const READY_TIMEOUT_MS = 2000;

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
  const connection = redisConnection(config.redisUrl, { role: 'producer', connectionName: 'quarry-cli' });
  connection.on('error', () => {});
  const gate = new RedisGate({
    connections: [connection],
    readyTimeoutMs: READY_TIMEOUT_MS,
    url: config.redisUrlRedacted,
  });
  const index = new ReviewIndex({
    redis: connection,
    keys: quarryKeys({ prefix: queue.prefix, queueName: queue.queueName }),
  });
  try {
    return await gate.run(operation, () => body(index));
  } finally {
    await closeConnection(connection);
  }
}
