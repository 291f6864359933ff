import type { DeadLetterWriter, ExtractionJobResult, QuarryQueues, ReviewIndex } from '@quarry/queue';
import type { Worker } from 'bullmq';
import type { WorkerMetrics } from './metrics/worker-metrics';

/** A running extraction worker. */
export interface QuarryWorker {
  readonly worker: Worker<unknown, ExtractionJobResult>;
  readonly queues: QuarryQueues;
  readonly deadLetters: DeadLetterWriter;
  /** Completed jobs flagged `needsReview`, waiting for a person. */
  readonly review: ReviewIndex;
  readonly metrics: WorkerMetrics;
  /** The metrics and health server (`/metrics`, `/healthz`, `/readyz`); null when `config.metrics.port` is unset. */
  readonly http: Promise<{ readonly url: string } | null>;
  /**
   * Resolves once the Redis self-check passed, the worker took up jobs and the health server listens.
   * @throws RetiredModelError when a configured model is past its retirement date.
   * @throws RedisSelfCheckError when Redis is unsafe for Quarry (e.g. an evicting `maxmemory-policy`).
   */
  waitUntilReady(): Promise<void>;
  /** Why the worker is not ready (Redis unreachable, draining, not started); empty when it is. */
  readiness(): Promise<readonly string[]>;
  /**
   * What `/readyz` warns of without being unready: each configured model retiring within 30 days
   * (or retired since the worker started). Empty when there is nothing to say.
   */
  warnings(): readonly string[];
  /** Runs one DLQ reconciliation sweep now (it also runs every `config.reconcile.intervalMs`). */
  reconcile(): Promise<{ scanned: number; written: string[] }>;
  /**
   * Runs one round of the batch lane's coordinator now (it also runs every
   * `config.batch.pollIntervalMs`): deadline promotions, reconciliation, polling, submission.
   */
  batchTick(): Promise<void>;
  /**
   * Graceful shutdown: stops taking jobs, lets in-flight ones finish within `graceMs` (default
   * `config.shutdownGraceMs`), then cuts them off (they go back to the queue and resume from their
   * saved attempts on another worker) and closes every connection it opened. Safe to call twice.
   */
  close(options?: { readonly graceMs?: number }): Promise<void>;
}
