import type { Queue } from 'bullmq';
import type { RedisClient } from './redis-connection';

/** Options of {@link closeQueues}. */
export interface CloseQueuesOptions {
  readonly queues: readonly Queue[];
  /** The connection the queues run on. */
  readonly connection: RedisClient;
  /** Longest wait for the queues' initialization. Default 1000 ms. */
  readonly timeoutMs?: number;
}

/**
 * Closes BullMQ queues once their initialization (waiting for the connection, reading the server
 * version) has settled: BullMQ drops a queue's listeners when it closes, so an initialization failing
 * afterwards would be an unhandled rejection. Close an owned connection first (`closeConnection`): the
 * initializations then settle at once. On a connection waiting to reconnect they never settle (nor
 * fail), so they are not waited for.
 */
export async function closeQueues(options: CloseQueuesOptions): Promise<void> {
  const { queues, connection } = options;
  if (connection.status !== 'reconnecting') {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled(queues.map((queue) => queue.client)),
      new Promise((resolve) => {
        timer = setTimeout(resolve, options.timeoutMs ?? 1000);
      }),
    ]);
    clearTimeout(timer);
  }
  await Promise.allSettled(queues.map((queue) => queue.close()));
}
