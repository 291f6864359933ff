import type { Queue } from 'bullmq';
import { closeQueues } from './close-queues';
import { extractionQueue, watchErrors } from './extraction-queue';
import { type QuarryKeys, quarryKeys } from './keys';
import { QueueConfig, type QueueConfigInput } from './queue-config';
import type { RedisClient } from './redis-connection';
import { TolerantQueue } from './tolerant-queue';

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
  /**
   * Closes both queues (see `closeQueues`; the connection stays open). When the connection may never
   * have come up, close it first (`closeConnection`), so no initialization can fail after the queues closed.
   */
  close(): Promise<void>;
}

/**
 * Opens the extraction queue (with Quarry's default job options) and the DLQ on one connection; reads
 * of either never fail on a job whose stored data is not JSON (see `TolerantQueue`).
 */
export function openQueues(options: OpenQueuesOptions): QuarryQueues {
  const config = QueueConfig.parse(options.config ?? {});
  const onError = options.onError ?? (() => {});
  const queue = extractionQueue({ connection: options.connection, config, onError });
  const dlq = new TolerantQueue(config.dlqName, { connection: options.connection, prefix: config.prefix });
  watchErrors(dlq, onError);
  return {
    queue,
    dlq,
    keys: quarryKeys({ prefix: config.prefix, queueName: config.queueName }),
    config,
    close: () => closeQueues({ queues: [queue, dlq], connection: options.connection }),
  };
}
