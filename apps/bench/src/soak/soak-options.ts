import type { SoakBatchOptions, SoakLane } from './soak-lane';

/** Everything a soak run can be tuned with; {@link soakDefaults} is what `pnpm soak` runs. */
export interface SoakOptions {
  /** Jobs enqueued (with idempotency keys, while the workers run). */
  readonly jobs: number;
  /** Worker processes (`pnpm worker`'s entry, `@quarry/worker/main`, configured through the environment). */
  readonly workers: number;
  /** Jobs each worker process runs at once. */
  readonly concurrency: number;
  /** SIGKILLs of a random worker (each restarted), spread over the run. */
  readonly kills: number;
  /** Restarts of Redis (SIGTERM, AOF `everysec`), spread over the run. */
  readonly redisRestarts: number;
  /** Seed of the stand-in's draws and of which worker is killed. */
  readonly seed: number;
  /** Stand-in latency before every answer, uniform in mean ± jitter. */
  readonly latency: { readonly meanMs: number; readonly jitterMs: number };
  /** Stand-in fault rates per call. */
  readonly faults: {
    readonly rateLimit: number;
    readonly overloaded: number;
    readonly serverError: number;
    readonly retryAfterSeconds: number;
  };
  /** Share of documents answered wrong at first and fixed after feedback, and wrong for good. */
  readonly invalidFirst: number;
  readonly alwaysInvalid: number;
  /** Worker settings that decide how fast a killed worker's jobs come back. */
  readonly lockDurationMs: number;
  readonly stalledIntervalMs: number;
  /** Most jobs waiting at once: the producer tops the queue up to this. */
  readonly backlog: number;
  /** Give up (and report) after this long. */
  readonly timeoutMs: number;
  /**
   * A run in which no job finishes for this long stops and reports what the unfinished jobs are
   * doing (a wedged job); their states are logged every third of it.
   */
  readonly stuckMs: number;
  /** The lane of the jobs: realtime, batch, or mixed (alternating). */
  readonly lane: SoakLane;
  /** The stand-in's batches and the workers' batch settings (batch and mixed lanes). */
  readonly batch: SoakBatchOptions;
  /**
   * Share of the jobs (0..1) that are PDF document jobs, stored in a blob store directory shared by
   * the workers and enqueued by blob reference; the rest are text jobs.
   */
  readonly documentShare: number;
}

/** `pnpm soak`: 20k jobs (a tenth of them PDFs), 3 workers, 3 kills, 1 Redis restart, the fault mix. */
export const soakDefaults: SoakOptions = {
  jobs: 20_000,
  workers: 3,
  concurrency: 50,
  kills: 3,
  redisRestarts: 1,
  seed: 1,
  latency: { meanMs: 200, jitterMs: 150 },
  faults: { rateLimit: 0.05, overloaded: 0.03, serverError: 0.02, retryAfterSeconds: 0.1 },
  invalidFirst: 0.3,
  alwaysInvalid: 0.03,
  lockDurationMs: 5000,
  stalledIntervalMs: 2000,
  backlog: 2000,
  timeoutMs: 30 * 60_000,
  stuckMs: 120_000,
  lane: 'realtime',
  batch: {
    delayMs: 1000,
    shares: { overloaded: 0.03, invalidRequest: 0.01, expired: 0.03 },
    dropCreateResponse: 0.05,
    maxRequests: 1000,
  },
  documentShare: 0.1,
};
