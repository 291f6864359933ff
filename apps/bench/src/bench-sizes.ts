/** Job counts and settings of every bench line; `full` is what `pnpm bench` runs. */
export interface BenchSizes {
  readonly overhead: { readonly jobs: number; readonly concurrency: number; readonly rounds: number };
  readonly ioBound: { readonly jobs: number; readonly concurrency: number; readonly latencyMs: number };
  readonly scaleOut: { readonly jobs: number; readonly concurrency: number; readonly latencyMs: number };
  /** Line 22: jobs per worker process (a run of N processes drains N times as many), concurrency each. */
  readonly scaleOutProcesses: {
    readonly jobsPerProcess: number;
    readonly concurrency: number;
    readonly latencyMs: number;
  };
  /** Line 26: first-try jobs per variant (one process), alternating rounds of every variant. */
  readonly featureCost: { readonly jobs: number; readonly rounds: number };
  readonly roundTrips: { readonly jobs: number; readonly concurrency: number };
  readonly tokens: { readonly jobs: number; readonly concurrency: number };
  readonly lessons: { readonly jobs: number; readonly concurrency: number };
  readonly memory: { readonly warmupJobs: number; readonly jobs: number; readonly concurrency: number };
  readonly replay: { readonly entries: number; readonly rate: number };
  /** Per model of the table: shipped-sample jobs, long-document jobs. */
  readonly models: { readonly jobs: number; readonly longJobs: number; readonly concurrency: number };
  readonly effort: { readonly jobs: number; readonly concurrency: number };
  /** Invoice jobs per grounding side (line 14). */
  readonly grounding: { readonly jobs: number; readonly concurrency: number };
  /** Jobs of each side of the model ladder line. */
  readonly ladder: { readonly jobs: number; readonly concurrency: number };
  /** DLQ records seeded, timed runs of each triage read, and runs of the full-scan baseline. */
  readonly dlq: { readonly records: number; readonly runs: number; readonly baselineRuns: number };
  /** Jobs through the batch lane, the stand-in's batch processing time, the worker's concurrency. */
  readonly batchLane: { readonly jobs: number; readonly latencyMs: number; readonly concurrency: number };
  /** Worker processes × concurrency against a rate-limited stand-in, seconds run and seconds left out at the start. */
  readonly pacing: {
    readonly processes: number;
    readonly concurrency: number;
    readonly seconds: number;
    readonly warmupSeconds: number;
    readonly latencyMs: number;
  };
  /** Line 23: tenant A's jobs queued before B's 10, worker processes × concurrency, each call's latency. */
  readonly tenantStarvation: {
    readonly flood: number;
    readonly processes: number;
    readonly concurrency: number;
    readonly latencyMs: number;
  };
  /**
   * Line 24: three backlogged tenants against the stand-in's input-token limit (per minute): worker
   * processes × concurrency, seconds run and seconds left out at the start, each call's latency.
   */
  readonly tenantShares: {
    readonly inputTokensPerMinute: number;
    readonly processes: number;
    readonly concurrency: number;
    readonly seconds: number;
    readonly warmupSeconds: number;
    readonly latencyMs: number;
  };
  /** Line 25: a tenant's daily budget (USD), its jobs (as many as that many times the budget buys), workers. */
  readonly tenantBudgets: {
    readonly dailyUsd: number;
    readonly budgets: number;
    readonly processes: number;
    readonly concurrency: number;
    readonly latencyMs: number;
  };
  /**
   * Line 20: fieldbench documents per category (when the development corpus is present), else
   * shipped support-ticket items; items in flight (the eval's and the worker's concurrency).
   */
  readonly evalAccuracy: {
    readonly perCategory: number;
    readonly samples: number;
    readonly concurrency: number;
  };
}

export const fullSizes: BenchSizes = {
  overhead: { jobs: 10_000, concurrency: 50, rounds: 3 },
  ioBound: { jobs: 5000, concurrency: 500, latencyMs: 200 },
  scaleOut: { jobs: 5000, concurrency: 500, latencyMs: 200 },
  scaleOutProcesses: { jobsPerProcess: 6000, concurrency: 200, latencyMs: 200 },
  featureCost: { jobs: 4000, rounds: 3 },
  roundTrips: { jobs: 1000, concurrency: 50 },
  tokens: { jobs: 1000, concurrency: 50 },
  lessons: { jobs: 2000, concurrency: 20 },
  memory: { warmupJobs: 5000, jobs: 50_000, concurrency: 50 },
  replay: { entries: 2000, rate: 100 },
  models: { jobs: 100, longJobs: 3, concurrency: 20 },
  effort: { jobs: 1000, concurrency: 50 },
  grounding: { jobs: 1000, concurrency: 50 },
  ladder: { jobs: 1000, concurrency: 50 },
  dlq: { records: 100_000, runs: 50, baselineRuns: 3 },
  batchLane: { jobs: 10_000, latencyMs: 300_000, concurrency: 100 },
  pacing: { processes: 3, concurrency: 100, seconds: 100, warmupSeconds: 20, latencyMs: 1000 },
  evalAccuracy: { perCategory: 16, samples: 80, concurrency: 16 },
  tenantStarvation: { flood: 10_000, processes: 1, concurrency: 50, latencyMs: 200 },
  tenantShares: {
    inputTokensPerMinute: 1_000_000,
    processes: 2,
    concurrency: 20,
    seconds: 140,
    warmupSeconds: 20,
    latencyMs: 500,
  },
  tenantBudgets: { dailyUsd: 1, budgets: 1.5, processes: 2, concurrency: 8, latencyMs: 200 },
};

/** Small counts for a smoke test of the harness (`pnpm bench --quick`); its figures mean little. */
export const quickSizes: BenchSizes = {
  overhead: { jobs: 1000, concurrency: 50, rounds: 1 },
  ioBound: { jobs: 500, concurrency: 100, latencyMs: 200 },
  scaleOut: { jobs: 500, concurrency: 100, latencyMs: 200 },
  scaleOutProcesses: { jobsPerProcess: 600, concurrency: 200, latencyMs: 200 },
  featureCost: { jobs: 400, rounds: 1 },
  roundTrips: { jobs: 100, concurrency: 20 },
  tokens: { jobs: 100, concurrency: 20 },
  lessons: { jobs: 200, concurrency: 10 },
  memory: { warmupJobs: 500, jobs: 2000, concurrency: 50 },
  replay: { entries: 100, rate: 50 },
  models: { jobs: 20, longJobs: 1, concurrency: 10 },
  effort: { jobs: 100, concurrency: 20 },
  grounding: { jobs: 100, concurrency: 20 },
  ladder: { jobs: 100, concurrency: 20 },
  dlq: { records: 2000, runs: 10, baselineRuns: 1 },
  batchLane: { jobs: 500, latencyMs: 5000, concurrency: 50 },
  pacing: { processes: 3, concurrency: 100, seconds: 30, warmupSeconds: 10, latencyMs: 1000 },
  evalAccuracy: { perCategory: 3, samples: 16, concurrency: 8 },
  tenantStarvation: { flood: 1000, processes: 1, concurrency: 50, latencyMs: 200 },
  tenantShares: {
    inputTokensPerMinute: 1_000_000,
    processes: 2,
    concurrency: 20,
    seconds: 50,
    warmupSeconds: 15,
    latencyMs: 500,
  },
  tenantBudgets: { dailyUsd: 1, budgets: 1.5, processes: 2, concurrency: 8, latencyMs: 200 },
};
