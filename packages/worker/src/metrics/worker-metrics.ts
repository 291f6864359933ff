import type { AttemptRecord, ExtractionResult, RetryAfterProblem } from '@quarry/core';
import { Counter, Histogram, Registry } from 'prom-client';
import { createAttemptMetrics } from './attempt-metrics';
import { BoundedLabels } from './bounded-labels';
import { type CacheGauges, createCacheGauges } from './cache-gauges';
import { createJobMetrics } from './job-metrics';
import { createPacingMetrics, type PacingMetrics } from './pacing-metrics';
import { createScrapeGauges, type ScrapeGauges } from './scrape-gauges';
import { createTenantMetrics, type TenantMetrics } from './tenant-metrics';

/** How a job run ended, as counted by `quarry_jobs_total`. */
export type JobOutcome = 'completed' | 'dead_lettered' | 'retry_scheduled' | 'rate_limited' | 'put_back';

/** How a model call ended, as labelled on `quarry_model_call_duration_seconds`. */
export type ModelCallOutcome = 'ok' | 'rate_limited' | 'transient' | 'permanent' | 'aborted' | 'error';

/** The type of a batch result entry, as labelled on `quarry_batch_results_total`. */
export type BatchResultType = 'succeeded' | 'errored' | 'expired' | 'canceled';

/** Why a provider's retry-after was not honoured as sent: cut to the maximum, or ignored. */
export type RetryAfterAdjustment = 'too_long' | RetryAfterProblem;
/** Defaults of {@link createWorkerMetrics}. */
export const workerMetricsDefaults = {
  maxSignatureLabels: 20,
  maxWorkflowLabels: 50,
  maxModelLabels: 20,
  maxTenantLabels: 20,
} as const;

/** Options of {@link createWorkerMetrics}. */
export interface WorkerMetricsOptions {
  /** Distinct issue signatures labelled per workflow before the rest count as `other`. Default 20. */
  readonly maxSignatureLabels?: number;
  /** Distinct workflows labelled before the rest count as `other`. Default 50. */
  readonly maxWorkflowLabels?: number;
  /** Distinct models labelled before the rest count as `other`. Default 20. */
  readonly maxModelLabels?: number;
  /** The busiest tenants labelled by name (`default` always is) before the rest count as `other`. Default 20. */
  readonly maxTenantLabels?: number;
  /** Default: a registry of its own (so several workers in one process never collide). */
  readonly registry?: Registry;
}

/** The worker's Prometheus metrics and the few calls that update them on the hot path. */
export interface WorkerMetrics extends TenantMetrics {
  readonly registry: Registry;
  /** After each stored attempt (the extract `onAttempt` hook). */
  attempt(workflow: string, record: AttemptRecord): void;
  /** A job run completed with a valid result. */
  completed(result: ExtractionResult, flaggedForReview: boolean): void;
  /** A job run ended otherwise; `reason` is the DLQ reason label for dead letters (`refused:cyber`, …). */
  ended(workflow: string, outcome: Exclude<JobOutcome, 'completed'>, reason?: string): void;
  /** One model call, successful or not. */
  modelCall(model: string, outcome: ModelCallOutcome, seconds: number): void;
  /** The queue was paused after a 429. */
  rateLimitPause(delayMs: number): void;
  /** A retry-after was capped at `RATE_LIMIT_MAX_PAUSE_MS` (`too_long`) or ignored (negative, malformed). */
  retryAfterAdjusted(adjustment: RetryAfterAdjustment): void;
  /** Jobs BullMQ found stalled (their worker died or blocked the event loop). */
  stalled(): void;
  /** A batch result entry settled its attempt (stored its reply or put it back to wait), by type. */
  batchResult(type: BatchResultType): void;
  /** Gauges a scrape refreshes from Redis: queue depth by state, DLQ depth and age, review backlog. */
  readonly gauges: ScrapeGauges;
  /** The label value of a model (bounded, as on every other model label). */
  modelLabel(model: string): string;
  /** The rate-limit pacer's budgets and waits. */
  readonly pacing: PacingMetrics;
  /** Cache hit share and first-attempt failure rate per workflow (decayed counters, all workers). */
  readonly cache: CacheGauges;
}

/**
 * Creates the worker's metrics (all prefixed `quarry_`). Label values are bounded whatever the jobs
 * hold ({@link BoundedLabels}): workflows (from the registry, `unknown` otherwise) and models (from
 * workflows and configuration; the worker refuses other model overrides) are capped overall, issue
 * signatures per workflow, tenants by recent traffic (`TenantLabels`); values past a cap count as `other`. Each update is a counter increment;
 * nothing touches Redis.
 */
export function createWorkerMetrics(options: WorkerMetricsOptions = {}): WorkerMetrics {
  const registry = options.registry ?? new Registry();
  const registers = [registry];
  const defaults = workerMetricsDefaults;
  const signatures = new BoundedLabels(options.maxSignatureLabels ?? defaults.maxSignatureLabels);
  const workflows = new BoundedLabels(options.maxWorkflowLabels ?? defaults.maxWorkflowLabels);
  const models = new BoundedLabels(options.maxModelLabels ?? defaults.maxModelLabels);
  const workflowLabel = (name: string) => workflows.label('', name);
  const modelLabel = (id: string) => models.label('', id);

  const job = createJobMetrics(registers, workflowLabel);
  const attempt = createAttemptMetrics({ registers, workflowLabel, modelLabel, signatures });
  const modelCalls = new Histogram({
    name: 'quarry_model_call_duration_seconds',
    help: 'Latency of model calls, by outcome: ok, rate_limited, transient, permanent, aborted, error',
    labelNames: ['model', 'outcome'] as const,
    buckets: [0.1, 0.25, 0.5, 1, 2, 5, 10, 20, 30, 60, 120, 300],
    registers,
  });
  const pauses = new Counter({
    name: 'quarry_rate_limit_pauses_total',
    help: 'Queue pauses after a 429',
    registers,
  });
  const pausedSeconds = new Counter({
    name: 'quarry_rate_limit_pause_seconds_total',
    help: 'Seconds of queue pause requested after 429s',
    registers,
  });
  const retryAfterAdjusted = new Counter({
    name: 'quarry_retry_after_adjusted_total',
    help: 'retry-after values not honoured as sent: too_long (capped at RATE_LIMIT_MAX_PAUSE_MS), negative or malformed (ignored)',
    labelNames: ['adjustment'] as const,
    registers,
  });
  const stalled = new Counter({ name: 'quarry_jobs_stalled_total', help: 'Jobs found stalled', registers });
  const batchResults = new Counter({
    name: 'quarry_batch_results_total',
    help: 'Batch result entries that settled their attempt, by type: succeeded, errored, expired, canceled',
    labelNames: ['type'] as const,
    registers,
  });

  const tenants = createTenantMetrics({
    registers,
    maxTenantLabels: options.maxTenantLabels ?? defaults.maxTenantLabels,
  });

  return {
    registry,
    ...tenants,
    attempt,
    completed: job.completed,
    ended: job.ended,
    modelCall(model, outcome, seconds) {
      modelCalls.observe({ model: modelLabel(model), outcome }, seconds);
    },
    rateLimitPause(delayMs) {
      pauses.inc();
      pausedSeconds.inc(delayMs / 1000);
    },
    retryAfterAdjusted(adjustment) {
      retryAfterAdjusted.inc({ adjustment });
    },
    stalled() {
      stalled.inc();
    },
    batchResult(type) {
      batchResults.inc({ type });
    },
    modelLabel,
    pacing: createPacingMetrics({ registry }),
    cache: createCacheGauges(registers, workflowLabel),
    gauges: createScrapeGauges(registers),
  };
}
