import type { Queue } from 'bullmq';
import { extractionJobOptions, type QueueConfig } from './queue-config';
import type { RedisClient } from './redis-connection';
import { TolerantQueue } from './tolerant-queue';

/** Options of {@link extractionQueue}. */
export interface ExtractionQueueOptions {
  /** The connection the queue runs on; the caller keeps owning it (closing the queue leaves it open). */
  readonly connection: RedisClient;
  readonly config: QueueConfig;
  /** Connection errors the queue reports; ignored by default (the failing command reports them too). */
  readonly onError?: (error: Error) => void;
}

/**
 * Opens the extraction queue of `config` with Quarry's default job options on `connection`. Its job
 * reads never fail on a job whose stored data is not JSON (see `TolerantQueue`).
 */
export function extractionQueue(options: ExtractionQueueOptions): Queue {
  const { config } = options;
  const queue = new TolerantQueue(config.queueName, {
    connection: options.connection,
    prefix: config.prefix,
    defaultJobOptions: extractionJobOptions(config),
  });
  watchErrors(queue, options.onError ?? (() => {}));
  return queue;
}

/** Routes a queue's errors to `onError`, including a failed initialization (never left unhandled). */
export function watchErrors(queue: Queue, onError: (error: Error) => void): void {
  queue.on('error', onError);
  // A connection closed while BullMQ still initializes rejects this promise; report it, never leave it unhandled.
  queue.client.catch(onError);
}
