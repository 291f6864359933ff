import { type ExtractionJobResult, type RedisClient, TolerantWorker } from '@quarry/queue';
import type { Logger } from 'pino';
import type { WorkerStores } from './create-worker-stores';
import { cutOffLostJobs } from './cut-off-lost-jobs';
import { describeError } from './describe-error';
import type { createExtractionProcessor } from './extraction-processor';
import { extractionWorkerOptions } from './extraction-worker-options';
import type { WorkerMetrics } from './metrics/worker-metrics';
import { releaseAttemptsOnEnd } from './release-attempts-on-end';
import type { WorkerConfig } from './worker-config';

/** Options of {@link createExtractionWorker}. */
export interface CreateExtractionWorkerOptions {
  readonly config: WorkerConfig;
  readonly connection: RedisClient;
  readonly processor: ReturnType<typeof createExtractionProcessor>;
  readonly stores: Pick<WorkerStores, 'attempts' | 'deadLetters'>;
  readonly metrics: WorkerMetrics;
  readonly log: Logger;
}

/**
 * The BullMQ worker of the extraction queue (not yet taking jobs) with its event handlers: errors
 * logged, attempts released when a job ends, jobs whose lock was lost cut off, stalls counted.
 */
export function createExtractionWorker(
  options: CreateExtractionWorkerOptions,
): TolerantWorker<unknown, ExtractionJobResult> {
  const { config, connection, metrics, log } = options;
  const { attempts, deadLetters } = options.stores;
  // Tolerant: a job whose stored data is not JSON reaches the processor (and is dead-lettered
  // `bad_payload`) instead of failing inside BullMQ, in active, over and over.
  const worker = new TolerantWorker<unknown, ExtractionJobResult>(
    config.queue.queueName,
    options.processor,
    extractionWorkerOptions({ config, connection }),
  );
  worker.on('error', (error) => log.error({ error: describeError(error) }, 'worker error'));
  releaseAttemptsOnEnd({ worker, attempts, deadLetters, log });
  cutOffLostJobs({ worker, log });
  worker.on('stalled', (jobId) => {
    metrics.stalled();
    log.warn({ jobId }, 'job stalled; another worker picks it up');
  });
  return worker;
}
