import type { ModelTable, TenantSettings } from '@quarry/core';
import {
  assertRedisSafe,
  type QuarryQueues,
  type QueuePause,
  type RedisClient,
  type TenantStore,
} from '@quarry/queue';
import type { Worker } from 'bullmq';
import type { Logger } from 'pino';
import type { BatchCoordinator } from './batch/batch-coordinator';
import { checkConfiguredModels } from './check-configured-models';
import type { Reconciler } from './create-reconciler';
import type { RetentionSweeps } from './create-retention-sweeps';
import { describeError } from './describe-error';
import type { WorkerConfig } from './worker-config';
import type { WorkerRunState } from './worker-run-state';

/** Options of {@link startWorker}. */
export interface StartWorkerOptions {
  readonly config: WorkerConfig;
  readonly connection: RedisClient;
  readonly worker: Pick<Worker, 'waitUntilReady' | 'run'>;
  readonly queues: QuarryQueues;
  /** From `configuredModels`. */
  readonly models: readonly string[];
  readonly table: ModelTable;
  readonly now: () => number;
  readonly state: WorkerRunState;
  readonly reconciler: Pick<Reconciler, 'start'>;
  readonly retention: Pick<RetentionSweeps, 'start'>;
  /** The processor's 429 pause: a leftover one's limit is taken back before jobs are taken. */
  readonly pause: Pick<QueuePause, 'lift'>;
  readonly batchCoordinator: Pick<BatchCoordinator, 'start'>;
  /** The webhook delivery worker, started with the extraction worker. */
  readonly webhooks: { run(): void };
  /** Tenant settings from `QUARRY_TENANTS` files, written to Redis before jobs are taken. */
  readonly tenantsFromFiles?: {
    readonly store: Pick<TenantStore, 'set'>;
    readonly settings: ReadonlyMap<string, TenantSettings>;
  };
  readonly log: Logger;
}

/**
 * Starts a worker: checks the configured models and Redis (`RetiredModelError`, `RedisSelfCheckError`),
 * waits for its connections, takes back a leftover 429 pause's limit, writes the tenant settings of
 * `QUARRY_TENANTS`, then, unless it began closing meanwhile, takes up jobs and starts the DLQ
 * reconciler, the retention sweeps, the batch lane's coordinator and the webhook deliveries.
 */
export async function startWorker(options: StartWorkerOptions): Promise<void> {
  const { config, connection, worker, queues, state, log } = options;
  checkConfiguredModels({ models: options.models, table: options.table, now: options.now(), log });
  await assertRedisSafe({
    redis: connection,
    prefix: config.queue.prefix,
    allowEviction: config.allowEviction,
    overrideHint: 'set REDIS_ALLOW_EVICTION=true to start anyway',
    log,
  });
  await worker.waitUntilReady();
  await Promise.all([queues.queue.waitUntilReady(), queues.dlq.waitUntilReady()]);
  // A 429's pause left by a killed worker: its global limit is taken back once the pause is over.
  await options.pause.lift();
  const files = options.tenantsFromFiles;
  for (const [tenant, settings] of files?.settings ?? []) await files?.store.set(tenant, settings);
  if (files && files.settings.size > 0)
    log.info({ tenants: files.settings.size }, 'tenant settings written from QUARRY_TENANTS');
  if (state.stopping) return;
  worker.run().catch((error: unknown) => log.error({ error: describeError(error) }, 'worker stopped'));
  state.running = true;
  options.reconciler.start();
  options.retention.start();
  options.batchCoordinator.start();
  options.webhooks.run();
}
