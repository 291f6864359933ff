import { setTimeout as sleep } from 'node:timers/promises';
import type { Worker } from 'bullmq';
import type { Logger } from 'pino';

/** Options of {@link drainWorker}. */
export interface DrainWorkerOptions {
  readonly worker: Pick<Worker, 'close' | 'cancelAllJobs'>;
  /** How long in-flight jobs may take to finish. */
  readonly graceMs: number;
  readonly log: Logger;
}

/**
 * Closes a BullMQ worker: it stops taking jobs and in-flight ones get `graceMs` to finish; then
 * they are cut off (their abort signal fires) and the worker closes once they have returned.
 */
export async function drainWorker(options: DrainWorkerOptions): Promise<void> {
  const { worker, graceMs } = options;
  const closed = worker.close();
  const grace = new AbortController();
  const finished = await Promise.race([
    closed.then(() => true),
    sleep(graceMs, false, { signal: grace.signal }).catch(() => false),
  ]);
  grace.abort();
  if (!finished) {
    options.log.warn({ graceMs }, 'grace period over; cutting off in-flight jobs');
    worker.cancelAllJobs('shutdown');
    await closed;
  }
}
