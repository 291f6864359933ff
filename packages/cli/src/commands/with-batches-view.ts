import { BatchesView, BatchRecords, QueueConfig, quarryKeys } from '@quarry/queue';
import { cliConfig } from '../cli-config';
import type { CliContext } from '../cli-context';
import { withCliRedis } from './with-cli-redis';

/** What a batches command reads and writes. */
export interface BatchesAccess {
  readonly view: BatchesView;
  readonly records: BatchRecords;
}

/**
 * Runs `body` with the batch lane's read model on the configured Redis (waiting at most 2 s for it),
 * then disconnects.
 * @throws ConfigError for bad settings; RedisUnavailableError when Redis does not answer in time.
 */
export async function withBatchesView<T>(
  context: CliContext,
  operation: string,
  body: (access: BatchesAccess) => Promise<T>,
): Promise<T> {
  const config = cliConfig(context.env);
  const queue = QueueConfig.parse(config.queue);
  const keys = quarryKeys({ prefix: queue.prefix, queueName: queue.queueName });
  return withCliRedis(
    {
      operation,
      redisUrl: config.redisUrl,
      redisUrlRedacted: config.redisUrlRedacted,
      open: (redis): BatchesAccess => ({
        view: new BatchesView({ redis, keys }),
        records: new BatchRecords({ redis, keys }),
      }),
    },
    body,
  );
}
