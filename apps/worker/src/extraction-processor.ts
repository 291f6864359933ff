import {
  type AnyWorkflow,
  type AttemptStore,
  decideFailure,
  extract,
  type HistoryKey,
  type HistoryStore,
  type Lesson,
  type ModelClient,
  uniqueSignatures,
  type WorkflowRegistry,
} from '@quarry/core';
import {
  type DeadLetterWriter,
  type DlqReason,
  type ExtractionJobResult,
  type QuarryKeys,
  type RedisClient,
  type ReviewIndex,
  toExtractionJobResult,
} from '@quarry/queue';
import { type Job, type Queue, UnrecoverableError, WaitingError, Worker } from 'bullmq';
import type { Logger } from 'pino';
import { assertNever } from './assert-never';
import { describeError } from './describe-error';
import type { WorkerMetrics } from './metrics/worker-metrics';
import { type ParsedJob, parseJob } from './parse-job';
import { RetryLaterError } from './retry-later-error';

/** Everything the processor needs; built once per worker by `createWorker`. */
export interface ExtractionProcessorOptions {
  readonly registry: WorkflowRegistry;
  readonly model: ModelClient;
  /** Model id when the workflow names none. */
  readonly modelId: string;
  readonly attempts: AttemptStore;
  /** Null when the shared error history is switched off. */
  readonly history: { readonly store: HistoryStore; readonly topN: number } | null;
  readonly deadLetters: DeadLetterWriter;
  /** Where completed jobs flagged `needsReview` are indexed (before the job completes). */
  readonly review?: ReviewIndex;
  readonly metrics?: WorkerMetrics;
  /** The extraction queue (its rate limiter pauses every worker). */
  readonly queue: Queue;
  readonly redis: RedisClient;
  readonly keys: QuarryKeys;
  /** Job attempts the worker allows at most (a job's own `attempts` option may allow fewer). */
  readonly maxJobAttempts: number;
  readonly backoff: { readonly baseMs: number; readonly capMs: number };
  readonly rateLimit: { readonly pauseMs: number; readonly maxBounces: number };
  /** How long a job's rate-limit bounce counter lives. */
  readonly bounceTtlSeconds: number;
  readonly log: Logger;
  /** True once the worker is shutting down: a job fetched in that window goes straight back. */
  readonly stopping?: () => boolean;
  readonly random?: () => number;
}

/** What the processor knows about a job when it fails; fills the DLQ record. */
interface JobContext {
  parsed: ParsedJob | null;
  lessons: readonly Lesson[];
}

/** The workflow label of a job's metrics: its registered name, or `unknown` before the job was parsed. */
function workflowLabel(parsed: ParsedJob | null): string {
  return parsed?.workflow.name ?? 'unknown';
}

/**
 * The BullMQ processor of the extraction queue: validates the job, reads the top lessons (one round
 * trip), runs `extract()` with durable attempts and the shared error history, and returns the
 * {@link ExtractionJobResult}. Failures go through the failure policy (`decideFailure`):
 * dead-letter (record written, then `UnrecoverableError`), retry later (`RetryLaterError`, delay via
 * the backoff strategy) or pause the queue (rate limiter + `RateLimitError`, no attempt consumed).
 * A run cut off by shutdown goes back to the wait list at once and resumes from its saved attempts.
 */
export function createExtractionProcessor(options: ExtractionProcessorOptions) {
  const { log: baseLog } = options;

  return async function processExtractionJob(
    job: Job,
    token?: string,
    signal?: AbortSignal,
  ): Promise<ExtractionJobResult> {
    const jobId = job.id;
    if (!jobId) throw new UnrecoverableError('A job without an id cannot be processed');
    let log = baseLog.child({ jobId, attempt: job.attemptsMade + 1 });
    if (options.stopping?.()) return putBack(job, token, log, 'job fetched during shutdown; put back', null);
    const context: JobContext = { parsed: null, lessons: [] };
    try {
      const parsed = parseJob({ data: job.data, registry: options.registry });
      context.parsed = parsed;
      const { data } = parsed;
      const workflow: AnyWorkflow = data.overrides?.model
        ? { ...parsed.workflow, model: data.overrides.model }
        : parsed.workflow;
      log = log.child({ workflow: workflow.name, version: workflow.version });
      const historyKey: HistoryKey = {
        workflow: workflow.name,
        version: workflow.version,
        scope: data.historyScope,
      };
      context.lessons = await readLessons(historyKey, log);
      log.info({ lessons: context.lessons.length }, 'job started');
      const result = await extract({
        workflow,
        input: parsed.input,
        model: options.model,
        modelId: options.modelId,
        lessons: context.lessons,
        ...(options.history ? { history: { store: options.history.store, key: historyKey } } : {}),
        attempts: { store: options.attempts, jobKey: jobId },
        ...(data.overrides?.maxAttempts ? { maxAttempts: data.overrides.maxAttempts } : {}),
        ...(signal ? { signal } : {}),
        onAttempt: (record) => {
          options.metrics?.attempt(workflow.name, record);
          log.info(
            {
              n: record.n,
              issues: record.issues.length,
              signatures: uniqueSignatures(record.issues),
              stopReason: record.stopReason,
              durationMs: record.durationMs,
              requestId: record.requestId,
            },
            'attempt saved',
          );
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
      if (result.needsReview && options.review) {
        await options.review.flag({
          jobId,
          workflow: result.workflow,
          version: result.version,
          reasons: result.reviewReasons.length > 0 ? [...result.reviewReasons] : ['flagged for review'],
          flaggedAt: new Date().toISOString(),
          attempts: result.attempts,
          costUsd: result.costUsd,
          ...(data.historyScope !== undefined ? { historyScope: data.historyScope } : {}),
          ...(data.metadata !== undefined ? { metadata: data.metadata } : {}),
          data: jobResult.data,
        });
      }
      options.metrics?.completed(result, result.needsReview && options.review !== undefined);
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
      if (signal?.aborted) {
        return putBack(
          job,
          token,
          log,
          'job cut off by shutdown; put back to resume from its saved attempts',
          context.parsed,
        );
      }
      return handleFailure(job, error, context, log);
    }
  };

  async function readLessons(key: HistoryKey, log: Logger): Promise<readonly Lesson[]> {
    if (!options.history || options.history.topN === 0) return [];
    try {
      return await options.history.store.topLessons(key, options.history.topN);
    } catch (error) {
      log.warn({ error: describeError(error) }, 'could not read lessons; running without them');
      return [];
    }
  }

  /** Returns the job to the wait list without consuming a job attempt. */
  async function putBack(
    job: Job,
    token: string | undefined,
    log: Logger,
    message: string,
    parsed: ParsedJob | null,
  ): Promise<never> {
    options.metrics?.ended(workflowLabel(parsed), 'put_back');
    await job.moveToWait(token);
    log.warn({}, message);
    throw new WaitingError();
  }

  async function handleFailure(job: Job, error: unknown, context: JobContext, log: Logger): Promise<never> {
    const jobId = job.id as string;
    const jobAttemptsMade = job.attemptsMade + 1;
    const maxJobAttempts = Math.max(1, Math.min(options.maxJobAttempts, job.opts.attempts ?? 1));
    const bounces = Number((await options.redis.get(options.keys.rateLimitBounces(jobId))) ?? 0);
    const decision = decideFailure({
      error,
      jobAttemptsMade,
      maxJobAttempts,
      rateLimitBounces: bounces,
      maxRateLimitBounces: options.rateLimit.maxBounces,
      backoff: options.backoff,
      rateLimitPauseMs: options.rateLimit.pauseMs,
      ...(options.random ? { random: options.random } : {}),
    });
    const summary = describeError(error);
    switch (decision.action) {
      case 'dead-letter': {
        const written = await deadLetter(job, decision.reason, context, jobAttemptsMade);
        options.metrics?.ended(workflowLabel(context.parsed), 'dead_lettered', decision.reason.kind);
        log.error(
          { error: summary, dlqId: written.dlqId, reason: decision.reason.kind },
          'job dead-lettered',
        );
        throw new UnrecoverableError(`${decision.reason.kind}: ${decision.reason.message}`);
      }
      case 'retry-later':
        options.metrics?.ended(workflowLabel(context.parsed), 'retry_scheduled');
        log.warn(
          {
            error: summary,
            delayMs: decision.delayMs,
            kind: decision.reason.kind,
            jobAttemptsMade,
            maxJobAttempts,
          },
          'job attempt failed; retrying later',
        );
        throw new RetryLaterError({ ...decision.reason, delayMs: decision.delayMs, cause: error });
      case 'pause-queue': {
        const key = options.keys.rateLimitBounces(jobId);
        await options.redis.multi().incr(key).expire(key, options.bounceTtlSeconds).exec();
        await options.queue.rateLimit(decision.delayMs);
        options.metrics?.rateLimitPause(decision.delayMs);
        options.metrics?.ended(workflowLabel(context.parsed), 'rate_limited');
        log.warn(
          { error: summary, delayMs: decision.delayMs, bounces: bounces + 1 },
          'rate limited; queue paused',
        );
        throw Worker.RateLimitError();
      }
      default:
        return assertNever(decision, 'failure decision');
    }
  }

  function deadLetter(job: Job, reason: DlqReason, context: JobContext, jobAttempts: number) {
    const { parsed } = context;
    return options.deadLetters.deadLetter({
      job,
      reason,
      lessonsInjected: context.lessons.map((lesson) => lesson.signature),
      jobAttempts,
      ...(parsed ? { workflow: parsed.workflow.name, version: parsed.workflow.version } : {}),
    });
  }
}
