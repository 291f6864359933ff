import {
  type AttemptStore,
  type CachePlacementPolicy,
  extract,
  type Lane,
  type ModelClient,
  type ModelTable,
  resolveLane,
  type WorkflowRegistry,
} from '@quarry/core';
import {
  attemptJobKey,
  type BatchLaneStore,
  type DeadLetterWriter,
  type ExtractionJobResult,
  type FirstRunTrace,
  type FirstRunTraceStore,
  type QueuePause,
  type RateLimitBounceStore,
  type ReviewIndex,
  toExtractionJobResult,
  type WebhookEmitter,
} from '@quarry/queue';
import type { Tracing } from '@quarry/tracing';
import { type Job, type Queue, UnrecoverableError, WaitingChildrenError, WaitingError } from 'bullmq';
import type { Logger } from 'pino';
import { BatchParkedError } from './batch/batch-parked-error';
import { parkJob } from './batch/park-job';
import { childLog } from './child-log';
import type { WorkerHistory } from './create-worker-stores';
import { lockLostReason } from './cut-off-lost-jobs';
import { describeError } from './describe-error';
import { flagForReview } from './flag-for-review';
import { handleJobFailure, type JobContext } from './handle-job-failure';
import { jobExtractOptions, jobWorkflow } from './job-extract-options';
import { jobModelClient } from './job-model-client';
import { logAttempt } from './log-attempt';
import type { WorkerMetrics } from './metrics/worker-metrics';
import { PacingCancelledError } from './pacing/pacing-cancelled-error';
import { parseJob } from './parse-job';
import { putBackJob } from './put-back-job';
import { readLessons } from './read-lessons';
import type { DocumentResolver } from './resolve-job-document';
import { completeSplitParent } from './split/complete-split-parent';
import { resolveOrSplit, type SplitSettings } from './split/resolve-or-split';
import { splitChildJob } from './split/split-child-job';
import { saveChildResult, savedChildResult } from './split/split-child-results';
import { jobTenantUsage } from './tenants/job-tenant-usage';
import { parkTenantJob } from './tenants/park-tenant-job';
import { enterTenantGate, type TenantGate, type TenantRun } from './tenants/tenant-gate';
import { TenantParkedError } from './tenants/tenant-parked-error';
import type { TenantUsageRecorder } from './tenants/tenant-usage-recorder';
import { JobRunTrace } from './tracing/job-run-trace';
import { tracedModelClient } from './tracing/traced-model-client';
import type { WorkflowStatsRecorder } from './workflow-stats-recorder';

/** Everything the processor needs; built once per worker by `createWorker`. */
export interface ExtractionProcessorOptions {
  readonly registry: WorkflowRegistry;
  readonly model: ModelClient;
  /** Model id when the workflow names none. */
  readonly modelId: string;
  /** Prices and request rules by model (the default table with `QUARRY_MODELS_FILE` merged over it). */
  readonly models: ModelTable;
  /** Models a job's `overrides.model` may name besides its workflow's (`QUARRY_ALLOWED_MODELS`). */
  readonly allowedModels: readonly string[];
  readonly attempts: AttemptStore;
  /** Null when the shared error history is switched off. */
  readonly history: WorkerHistory | null;
  readonly deadLetters: DeadLetterWriter;
  /** Where completed jobs flagged `needsReview` are indexed (before the job completes); never evaluation jobs. */
  readonly review?: ReviewIndex;
  readonly metrics?: WorkerMetrics;
  /** The extraction queue (its rate limiter pauses every worker). */
  readonly queue: Queue;
  /** How often each job bounced on a 429 without using an attempt. */
  readonly bounces: RateLimitBounceStore;
  /** The queue-wide pause after a 429 (every worker stops taking jobs for it). */
  readonly pause: QueuePause;
  /** Job attempts the worker allows at most (a job's own `attempts` option may allow fewer). */
  readonly maxJobAttempts: number;
  readonly backoff: { readonly baseMs: number; readonly capMs: number };
  /**
   * `pauseMs`: queue pause after a 429 without retry-after; `maxPauseMs`: the longest any
   * retry-after is honoured for; `maxBounces`: 429s a job may bounce on without using an attempt.
   */
  readonly rateLimit: { readonly pauseMs: number; readonly maxPauseMs: number; readonly maxBounces: number };
  /** Cost budget of a job that sets none of its own (`JOB_MAX_COST_USD`); null: none. */
  readonly jobMaxCostUsd: number | null;
  readonly log: Logger;
  /** Reads, checks and uploads the documents of document jobs. Absent: a document job is dead-lettered. */
  readonly documents?: DocumentResolver;
  /** True once the worker is shutting down: a job fetched in that window goes straight back. */
  readonly stopping?: () => boolean;
  readonly random?: () => number;
  /** Workflow statistics: first-attempt history for cache placement, and each attempt and valid job counted (but an evaluation job's). */
  readonly stats?: WorkflowStatsRecorder;
  /** Where cache breakpoints go (`QUARRY_CACHE_PLACEMENT`). Default `by_cost`. */
  readonly cachePlacement?: CachePlacementPolicy;
  /** The batch lane: where attempts park, and its settings. Absent: every job runs in the realtime lane. */
  readonly batch?: {
    readonly store: BatchLaneStore;
    readonly defaultLane: Lane;
    readonly deadlineMarginMs: number;
    readonly recheckMs: number;
  };
  /** Splitting of long documents and wide schemas into children. Absent: every job runs whole. */
  readonly split?: SplitSettings;
  /**
   * Completion webhooks: events are emitted (as delivery jobs) before a job completes or after its
   * DLQ record is written. Absent: none.
   */
  readonly webhooks?: Pick<WebhookEmitter, 'emit'>;
  /** Gates the jobs of tenants with a concurrency cap or a budget. Absent: no tenant is limited. */
  readonly tenants?: TenantGate;
  /** Where the spans of each run go (`startTracing`). Absent: no spans. */
  readonly tracing?: Tracing;
  /**
   * The first run's span context of each job, so a later run's job span links to it (read and
   * written only while tracing is on). Absent: runs link to their producer only.
   */
  readonly firstRunTraces?: Pick<FirstRunTraceStore, 'read' | 'remember'>;
  /** Tenants' usage figures (job starts with their queue wait, attempts, completions). Absent: none counted. */
  readonly tenantUsage?: Pick<TenantUsageRecorder, 'started' | 'attempt' | 'completed'>;
}

/**
 * The BullMQ processor of the extraction queue: validates the job, reads the top lessons (one round
 * trip), runs `extract()` with durable attempts and the shared error history, and returns the
 * {@link ExtractionJobResult}. Failures go through the failure policy (`decideFailure`):
 * dead-letter (record written, then `UnrecoverableError`), retry later (`RetryLaterError`, delay via
 * the backoff strategy) or pause the queue (rate limiter + `RateLimitError`, no attempt consumed).
 * A run cut off by shutdown goes back to the wait list at once and resumes from its saved attempts.
 * An evaluation job (`evaluation` in its data) reads and records its run's own history, is shown no
 * lessons with `lessons: 'off'`, and is neither put in the review index nor counted in the workflow
 * statistics; it fails and dead-letters like any job.
 */
export function createExtractionProcessor(options: ExtractionProcessorOptions) {
  const { log: baseLog } = options;
  const tracing = options.tracing;

  const processJob = async (
    job: Job,
    token: string | undefined,
    signal: AbortSignal | undefined,
    trace: JobRunTrace,
  ): Promise<ExtractionJobResult> => {
    const jobId = job.id;
    if (!jobId) throw new UnrecoverableError('A job without an id cannot be processed');
    let log = childLog(baseLog, { jobId, attempt: job.attemptsMade + 1 });
    if (options.stopping?.()) {
      return putBackJob({
        job,
        token,
        log,
        message: 'job fetched during shutdown; put back',
        parsed: null,
        metrics: options.metrics,
      });
    }
    const context: JobContext = { parsed: null, lessons: [] };
    let tenantRun: TenantRun | null = null;
    try {
      const parsed = splitChildJob(
        parseJob({ data: job.data, registry: options.registry, allowedModels: options.allowedModels }),
      );
      context.parsed = parsed;
      const { data } = parsed;
      const { workflow, historyKey, lessonsShown } = jobWorkflow(parsed);
      const { evaluation } = data;
      const statsKey = { workflow: workflow.name, version: workflow.version };
      log = childLog(log, evaluation ? { ...statsKey, evaluation: { runId: evaluation.runId } } : statsKey);
      // A feature the job does not use costs it nothing: no call, no await (tenants, split parts, webhooks).
      tenantRun = options.tenants
        ? await enterTenantGate({
            gate: options.tenants,
            job,
            data,
            workflow,
            modelId: options.modelId,
            models: options.models,
            input: parsed.input,
            log,
          })
        : null;
      const tenantUsage = jobTenantUsage({ job, data, usage: options.tenantUsage, metrics: options.metrics });
      tenantUsage.started();
      context.lessons = await readLessons({
        history: options.history,
        key: historyKey,
        shown: lessonsShown,
        // A job is counted once, on its first start; a retry, a put-back or a batch result starts it again.
        countJob: job.attemptsStarted <= 1,
        log,
      });
      // An evaluation job is kept out of the review index and the workflow statistics.
      const review = evaluation ? undefined : options.review;
      const stats = evaluation ? undefined : options.stats;
      const saved = data.part ? await savedChildResult({ split: options.split, job, data }) : null;
      if (saved) return saved;
      const resolved = await resolveOrSplit({
        options,
        job,
        token,
        data,
        workflow,
        input: parsed.input,
        log,
        signal,
        onDeadLetter: (split) => {
          context.split = split;
        },
      });
      if (resolved.kind === 'split') {
        const merged = await completeSplitParent({ job, data, result: resolved.result, review, log });
        tenantUsage.completed();
        if (!evaluation) await emitCompletion({ webhooks: options.webhooks, job, result: merged });
        return merged;
      }
      const { document } = resolved;
      const base = jobExtractOptions({
        options,
        job,
        parsed,
        lessons: context.lessons,
        // Fetched with the job: a first start has no earlier run's attempts to load.
        firstRun: job.attemptsStarted === 1,
      });
      const cacheHistory = (await options.stats?.firstAttemptHistory(statsKey)) ?? null;
      const lane = resolveLane({
        job: data.lane,
        workflow: workflow.lane,
        worker: options.batch?.defaultLane,
      });
      trace.describe({ workflow: workflow.name, version: workflow.version, lane, lessons: context.lessons });
      log.info({ lessons: context.lessons.length, budget: base.budget, lane }, 'job started');
      // `model` leads: on Node 20 each key added after a leading spread costs about half a microsecond (V8 issue 11536).
      const result = await extract({
        model: tracedModelClient(
          jobModelClient({
            model: options.model,
            documents: options.documents,
            document,
            input: parsed.data.input,
            batch: lane === 'batch' ? options.batch : undefined,
            jobId,
            jobKey: base.attempts?.jobKey ?? '',
            deadline: data.deadline,
            log,
          }),
          trace,
          tracing?.enabled === true,
        ),
        ...base,
        ...(document ? { document } : {}),
        ...(signal ? { signal } : {}),
        cacheHistory,
        ...(options.cachePlacement ? { cachePlacement: options.cachePlacement } : {}),
        onAttempt: (record) => {
          tenantRun?.spend(record.costUsd);
          tenantUsage.attempt(record);
          options.metrics?.attempt(workflow.name, record);
          stats?.attempt(statsKey, record);
          logAttempt(log, record);
          trace.attempt(record);
        },
        onWarning: (warning) =>
          log.warn(
            {
              code: warning.code,
              model: warning.model,
              cause: warning.cause && describeError(warning.cause),
            },
            warning.message,
          ),
      });
      const jobResult = toExtractionJobResult(result);
      if (data.part) await saveChildResult({ split: options.split, data, result: jobResult });
      if (result.needsReview && review && !data.part) {
        await flagForReview({ review, jobId, result, jobResult, data });
      }
      if (!data.part && !evaluation && options.webhooks)
        await emitCompletion({ webhooks: options.webhooks, job, result: jobResult });
      options.metrics?.completed(result, result.needsReview && review !== undefined);
      tenantUsage.completed();
      if (!data.part) stats?.completed(statsKey);
      log.info(
        {
          attempts: result.attempts,
          needsReview: result.needsReview,
          reviewReasons: result.reviewReasons.length,
          costUsd: result.costUsd,
          durationMs: result.durationMs,
        },
        'job completed',
      );
      return jobResult;
    } catch (error) {
      // A split parent waits for its children without its lock; BullMQ moved it already.
      if (error instanceof WaitingChildrenError) throw error;
      if (signal?.aborted && signal.reason === lockLostReason) {
        // Another worker owns the job now: leave it alone, neither failing nor moving it.
        log.warn({}, 'job cut off: its lock was lost to another worker');
        throw new WaitingError();
      }
      if (signal?.aborted) {
        return putBackJob({
          job,
          token,
          log,
          message: 'job cut off by shutdown; put back to resume from its saved attempts',
          parsed: context.parsed,
          metrics: options.metrics,
        });
      }
      if (error instanceof PacingCancelledError) {
        return putBackJob({
          job,
          token,
          log,
          message: 'job let go while waiting for rate-limit budget (shutdown); put back',
          parsed: context.parsed,
          metrics: options.metrics,
        });
      }
      if (error instanceof TenantParkedError && options.tenants) {
        return parkTenantJob({ job, token, error, store: options.tenants.store, log });
      }
      if (error instanceof BatchParkedError && options.batch) {
        tenantRun?.hold();
        return parkJob({
          job,
          token,
          error,
          store: options.batch.store,
          recheckMs: options.batch.recheckMs,
          log,
        });
      }
      return handleJobFailure({ ...options, job, error, context, log });
    } finally {
      if (tenantRun) await tenantRun.release();
    }
  };

  return async function processExtractionJob(
    job: Job,
    token?: string,
    signal?: AbortSignal,
  ): Promise<ExtractionJobResult> {
    if (!tracing?.enabled) return processJob(job, token, signal, JobRunTrace.off);
    const runLog = baseLog.child({ jobId: job.id });
    const firstRuns = options.firstRunTraces;
    const jobKey = firstRuns && job.id ? attemptJobKey({ id: job.id, timestamp: job.timestamp }) : null;
    const firstRun = firstRuns && jobKey ? await readFirstRun(firstRuns, jobKey, runLog) : null;
    const trace = JobRunTrace.start({
      tracing,
      jobId: job.id ?? '',
      data: job.data,
      run: job.attemptsStarted,
      queueName: job.queueName,
      firstRun,
      log: runLog,
    });
    const context = trace.span.context;
    if (firstRuns && jobKey && !firstRun && context) {
      // This is the job's first run (as far as Redis knows): later runs link to its span.
      await firstRuns.remember(jobKey, context).catch((error) => {
        runLog.warn({ error: describeError(error) }, "the first run's trace context was not kept");
      });
    }
    try {
      const result = await trace.span.run(() => processJob(job, token, signal, trace));
      trace.end({ status: 'ok' });
      return result;
    } catch (error) {
      // Waiting for children or for another worker is no failure of this run.
      const waiting = error instanceof WaitingChildrenError || error instanceof WaitingError;
      trace.end(waiting ? { status: 'unset' } : { status: 'error', error });
      throw error;
    }
  };
}

/** The first run's span context of a job, or null (none kept, or Redis did not answer: tracing never fails a job). */
async function readFirstRun(
  store: Pick<FirstRunTraceStore, 'read'>,
  jobKey: string,
  log: Logger,
): Promise<FirstRunTrace | null> {
  try {
    return await store.read(jobKey);
  } catch (error) {
    log.warn({ error: describeError(error) }, "the first run's trace context was not read");
    return null;
  }
}

/**
 * Emits `job.completed` (and `job.needs_review` when flagged) for a job about to complete: the
 * delivery jobs are in Redis before the job completes, so a worker killed in between loses nothing.
 */
async function emitCompletion(options: {
  readonly webhooks: Pick<WebhookEmitter, 'emit'> | undefined;
  readonly job: Job;
  readonly result: ExtractionJobResult;
}): Promise<void> {
  const { webhooks, job, result } = options;
  if (!webhooks || !job.id) return;
  const subject = { kind: 'job', jobId: job.id, timestamp: job.timestamp } as const;
  await webhooks.emit({ type: 'job.completed', workflow: result.workflow, subject });
  if (result.needsReview)
    await webhooks.emit({ type: 'job.needs_review', workflow: result.workflow, subject });
}
