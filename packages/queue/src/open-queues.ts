import { Queue } from 'bullmq';
import { type QuarryKeys, quarryKeys } from './keys';
import { extractionJobOptions, QueueConfig, type QueueConfigInput } from './queue-config';
import type { RedisClient } from './redis-connection';

/** Options of {@link openQueues}. */
export interface OpenQueuesOptions {
  /** Shared by both queues (one server or a cluster); the caller keeps owning it (closing the queues leaves it open). */
  readonly connection: RedisClient;
  /** Parsed or partial configuration; defaults fill the rest. */
  readonly config?: QueueConfigInput;
  /** Connection errors the queues report; ignored by default (the failing command reports them too). */
  readonly onError?: (error: Error) => void;
}

/** The extraction queue, its dead-letter queue and Quarry's keys, all under one hash-tagged prefix. */
export interface QuarryQueues {
  readonly queue: Queue;
  readonly dlq: Queue;
  readonly keys: QuarryKeys;
  readonly config: QueueConfig;
  close(): Promise<void>;
}

/** Opens the extraction queue (with Quarry's default job options) and the DLQ on one connection. */
export function openQueues(options: OpenQueuesOptions): QuarryQueues {
  const config = QueueConfig.parse(options.config ?? {});
  const onError = options.onError ?? (() => {});
  const queue = new Queue(config.queueName, {
    connection: options.connection,
    prefix: config.prefix,
    defaultJobOptions: extractionJobOptions(config),
  });
  const dlq = new Queue(config.dlqName, { connection: options.connection, prefix: config.prefix });
  for (const opened of [queue, dlq]) {
    opened.on('error', onError);
    // A connection closed while BullMQ still initializes rejects this promise; report it, never leave it unhandled.
    opened.client.catch(onError);
  }
  return {
    queue,
    dlq,
    keys: quarryKeys({ prefix: config.prefix, queueName: config.queueName }),
    config,
    close: async () => {
      await Promise.all([queue.close(), dlq.close()]);
    },
  };
}
