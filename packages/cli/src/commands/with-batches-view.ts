import { BatchesView, BatchRecords } from '@quarry/queue';
import type { CliContext } from '../cli-context';
import { withQueueService } from './with-queue-service';

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
export function withBatchesView<T>(
  context: CliContext,
  operation: string,
  body: (access: BatchesAccess) => Promise<T>,
): Promise<T> {
  return withQueueService(
    context,
    operation,
    (redis, keys): BatchesAccess => ({
      view: new BatchesView({ redis, keys }),
      records: new BatchRecords({ redis, keys }),
    }),
    body,
  );
}
