import { soakBatchEnv } from './soak-lane';
import type { SoakOptions } from './soak-options';

/** Largest blob and deadline of each blob store call, for the producer, the workers and the CLI. */
export const soakBlobLimits = { maxBytes: 32 * 1024 * 1024, timeoutMs: 60_000 } as const;

/** The blob store variables of the soak's processes: a directory of the run's own. */
export function soakBlobEnv(dir: string): Record<string, string> {
  return {
    QUARRY_BLOB_STORE: 'directory',
    QUARRY_BLOB_DIR: dir,
    QUARRY_BLOB_MAX_BYTES: String(soakBlobLimits.maxBytes),
    QUARRY_BLOB_TIMEOUT_MS: String(soakBlobLimits.timeoutMs),
  };
}

/**
 * The environment of the soak's `i`-th worker process: fast backoff, reconciling and stall checks,
 * every completed job kept (the accounting reads them all), the shared blob store directory.
 */
export function soakWorkerEnv(options: {
  readonly soak: SoakOptions;
  readonly i: number;
  readonly redisUrl: string;
  readonly standinUrl: string;
  readonly prefix: string;
  readonly blobDir: string;
}): Record<string, string> {
  const { soak } = options;
  return {
    REDIS_URL: options.redisUrl,
    ANTHROPIC_API_KEY: 'soak',
    ANTHROPIC_BASE_URL: options.standinUrl,
    QUARRY_PREFIX: options.prefix,
    ...soakBlobEnv(options.blobDir),
    WORKER_NAME: `soak-${options.i}`,
    WORKER_CONCURRENCY: String(soak.concurrency),
    BACKOFF_BASE_MS: '100',
    BACKOFF_CAP_MS: '1000',
    RATE_LIMIT_PAUSE_MS: '100',
    LOCK_DURATION_MS: String(soak.lockDurationMs),
    STALLED_INTERVAL_MS: String(soak.stalledIntervalMs),
    RECONCILE_INTERVAL_MS: '2000',
    RECONCILE_GRACE_MS: '3000',
    KEEP_COMPLETED_COUNT: '100000000',
    SHUTDOWN_GRACE_MS: '5000',
    LOG_LEVEL: 'warn',
    ...(soak.lane === 'realtime' ? {} : soakBatchEnv(soak.batch)),
  };
}
