import type { QuarryQueues, RedisClient } from '@quarry/queue';
import type { Worker } from 'bullmq';
import type { Logger } from 'pino';
import type { BatchCoordinator } from './batch/batch-coordinator';
import type { Reconciler } from './create-reconciler';
import type { RetentionSweeps } from './create-retention-sweeps';
import { drainWorker } from './drain-worker';
import type { LessonCache } from './lessons/lesson-cache';
import type { HealthServer } from './metrics/health-server';
import type { TenantUsageRecorder } from './tenants/tenant-usage-recorder';
import type { WorkerWebhooks } from './webhooks/create-webhooks';
import type { WorkerRunState } from './worker-run-state';
import type { WorkflowStatsRecorder } from './workflow-stats-recorder';

/** How long closing a worker that never started waits for its connections to finish starting. */
const START_SETTLE_MS = 2000;

/** Options of {@link closeWorker}: the worker's parts, closed in turn. */
export interface CloseWorkerOptions {
  /** How long in-flight jobs may take to finish before they are cut off. */
  readonly graceMs: number;
  readonly state: WorkerRunState;
  /** Lets go of the calls waiting for rate-limit budget. */
  readonly letGo: AbortController;
  readonly worker: Pick<Worker, 'close' | 'cancelAllJobs' | 'waitUntilReady'>;
  readonly queues: QuarryQueues;
  readonly reconciler: Pick<Reconciler, 'stop' | 'settled'>;
  readonly retention: Pick<RetentionSweeps, 'stop' | 'settled'>;
  readonly batchCoordinator: Pick<BatchCoordinator, 'stop'>;
  readonly stats: Pick<WorkflowStatsRecorder, 'close'>;
  readonly tenantUsage: Pick<TenantUsageRecorder, 'close'>;
  /** Null when the shared error history is switched off; closed once jobs drained, writing the jobs counted. */
  readonly lessons: Pick<LessonCache, 'close'> | null;
  /** The webhook delivery worker and queue: closed once the extraction worker drained (its jobs may still emit). */
  readonly webhooks: Pick<WorkerWebhooks, 'close'>;
  readonly documents: { close(): void };
  readonly http: Promise<HealthServer | null>;
  readonly connection: RedisClient;
  /** Whether the worker opened `connection` itself (a caller's connection stays open). */
  readonly ownsConnection: boolean;
  readonly log: Logger;
}

/**
 * The close sequence of a worker: marks it stopping, lets paced calls go, stops the reconciler and
 * the batch lane, drains the BullMQ worker within `graceMs`, then closes what it opened.
 */
export async function closeWorker(options: CloseWorkerOptions): Promise<void> {
  const { state, worker, queues, reconciler, connection, log } = options;
  state.stopping = true;
  options.letGo.abort();
  // Closed before it started (e.g. refused at start): let the queues' and the BullMQ worker's own
  // connections finish starting, for at most START_SETTLE_MS, so none of their start-up commands
  // is cut off unanswered by the close.
  if (!state.running) await settleStart([worker, queues.queue, queues.dlq]);
  reconciler.stop();
  options.retention.stop();
  await options.batchCoordinator.stop();
  await drainWorker({ worker, graceMs: options.graceMs, log });
  await reconciler.settled();
  await options.retention.settled();
  await options.webhooks.close();
  await options.stats.close();
  await options.tenantUsage.close();
  await options.lessons?.close();
  await queues.close();
  options.documents.close();
  await (await options.http.catch(() => null))?.close();
  if (options.ownsConnection) await connection.quit().catch(() => connection.disconnect());
  log.info({}, 'worker closed');
}

/** Resolves once every one is ready or has failed to start, or after {@link START_SETTLE_MS}. */
async function settleStart(starting: readonly { waitUntilReady(): Promise<unknown> }[]): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, START_SETTLE_MS);
  });
  await Promise.race([Promise.allSettled(starting.map((item) => item.waitUntilReady())), bound]);
  clearTimeout(timer);
}
