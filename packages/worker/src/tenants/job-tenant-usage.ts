import { type AttemptRecord, tenantOf } from '@quarry/core';
import type { JobData } from '@quarry/queue';
import type { Job } from 'bullmq';
import type { WorkerMetrics } from '../metrics/worker-metrics';
import type { TenantUsageRecorder } from './tenant-usage-recorder';

/** One job run's part in its tenant's usage figures and metrics. */
export interface JobTenantUsage {
  /** The run started (after the tenant gate let it): its wait, on a run that has not failed before. */
  started(): void;
  /** One settled attempt: its tokens and cost. */
  attempt(record: AttemptRecord): void;
  /** The job completed. */
  completed(): void;
}

/**
 * The tenant usage hooks of one job run: counted in memory by the recorder (flushed per interval,
 * no Redis command per job) and on the tenant metrics. The wait of a run is counted once, on a run
 * that has used no attempt and does not come back from a Message Batch: from enqueue to this start,
 * time parked by the tenant's limits included.
 */
export function jobTenantUsage(options: {
  readonly job: Job;
  readonly data: JobData;
  readonly usage: Pick<TenantUsageRecorder, 'started' | 'attempt' | 'completed'> | undefined;
  readonly metrics: WorkerMetrics | undefined;
  readonly now?: () => number;
}): JobTenantUsage {
  const { job, usage, metrics } = options;
  const tenant = tenantOf(options.data);
  const now = options.now ?? Date.now;
  return {
    started() {
      const fromBatch = typeof job.progress === 'object' && job.progress !== null;
      if (job.attemptsMade > 0 || fromBatch) return;
      const waitMs = Math.max(0, now() - job.timestamp);
      usage?.started(tenant, waitMs);
      metrics?.tenantWait(tenant, waitMs / 1000);
    },
    attempt(record) {
      const { inputTokens, outputTokens } = record.usage;
      usage?.attempt(tenant, { inputTokens, outputTokens, costUsd: record.costUsd });
      metrics?.tenantCost(tenant, record.costUsd, { input: inputTokens, output: outputTokens });
    },
    completed() {
      usage?.completed(tenant);
      metrics?.tenantJob(tenant, 'completed');
    },
  };
}
