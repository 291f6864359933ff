import {
  BatchesView,
  BatchRecords,
  closeConnection,
  QueueConfig,
  quarryKeys,
  RedisGate,
  redisConnection,
} from '@quarry/queue';
import { cliConfig } from '../cli-config';
import type { CliContext } from '../cli-context';

/** How long a batches command waits for Redis before giving up. */
const READY_TIMEOUT_MS = 2000;

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
  const connection = redisConnection(config.redisUrl, { role: 'producer', connectionName: 'quarry-cli' });
  connection.on('error', () => {});
  const gate = new RedisGate({
    connections: [connection],
    readyTimeoutMs: READY_TIMEOUT_MS,
    url: config.redisUrlRedacted,
  });
  const keys = quarryKeys({ prefix: queue.prefix, queueName: queue.queueName });
  const access = {
    view: new BatchesView({ redis: connection, keys }),
    records: new BatchRecords({ redis: connection, keys }),
  };
  try {
    return await gate.run(operation, () => body(access));
  } finally {
    await closeConnection(connection);
  }
}
