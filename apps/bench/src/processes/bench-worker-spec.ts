import { z } from 'zod';

/**
 * What a bench worker process runs: a plain BullMQ worker (`raw`, the baseline), a Quarry worker
 * (`quarry`), with its model in-process (`instant`) or reached through the SDK (`sdk`), a
 * BullMQ worker calling the SDK against `env.ANTHROPIC_BASE_URL` with the SDK's own retries (`naive`),
 * or the hand-written BullMQ + SDK + zod worker with up to three tries (`hand-written`).
 */
export const BenchWorkerSpec = z.object({
  kind: z.enum(['raw', 'quarry', 'naive', 'hand-written']),
  redisUrl: z.string().min(1),
  prefix: z.string().min(1),
  queueName: z.string().min(1).default('extraction'),
  concurrency: z.number().int().positive(),
  /** Raw worker: how long each job sleeps (0: a no-op processor). */
  sleepMs: z.number().nonnegative().default(0),
  /** Quarry worker: the instant in-process model, or the SDK against `ANTHROPIC_BASE_URL`. */
  model: z.enum(['instant', 'sdk']).default('instant'),
  /** Quarry worker: more environment variables of the worker's configuration. */
  env: z.record(z.string(), z.string()).default({}),
  /**
   * Quarry worker: the simulated clock tenants' budgets are counted by (createWorker's `tenantClock`),
   * at this epoch ms until a `clock` command moves it. Default: the real clock.
   */
  tenantClockMs: z.number().int().nonnegative().optional(),
  /**
   * Report RSS (after a forced GC when exposed) once `warmupJobs` finished, then every `everyJobs`,
   * and once `totalJobs` finished.
   */
  memory: z
    .object({
      warmupJobs: z.number().int().positive(),
      totalJobs: z.number().int().positive(),
      everyJobs: z.number().int().positive(),
    })
    .optional(),
});
export type BenchWorkerSpec = z.input<typeof BenchWorkerSpec>;

/** Messages a bench worker process sends its parent over IPC. */
export type BenchWorkerMessage =
  | { readonly type: 'ready' }
  | {
      readonly type: 'progress';
      readonly completed: number;
      readonly failed: number;
      /** Epoch ms of the latest completion. */
      readonly lastCompletedAt: number;
    }
  | {
      readonly type: 'memory';
      readonly phase: 'warm' | 'sample' | 'end';
      readonly completed: number;
      readonly rssBytes: number;
      readonly heapUsedBytes: number;
      readonly gc: boolean;
    }
  | { readonly type: 'error'; readonly message: string }
  /** The simulated tenant clock was moved (the answer to a `clock` command). */
  | { readonly type: 'clock'; readonly nowMs: number };

/** Messages the parent sends a bench worker process. */
export type BenchWorkerCommand =
  | { readonly type: 'close' }
  /** Moves the simulated tenant clock (see `tenantClockMs`) to `nowMs`. */
  | { readonly type: 'clock'; readonly nowMs: number };
