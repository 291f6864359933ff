import { type AttemptRecord, decideFailure, type Lesson, tenantOf } from '@quarry/core';
import { type DlqSplit, dlqReasonLabel } from '@quarry/queue';
import { type Job, UnrecoverableError, Worker } from 'bullmq';
import type { Logger } from 'pino';
import { assertNever } from './assert-never';
import { describeError } from './describe-error';
import type { ExtractionProcessorOptions } from './extraction-processor';
import type { ParsedJob } from './parse-job';
import { reportRetryAfter } from './report-retry-after';
import { RetryLaterError } from './retry-later-error';
import { saveChildFailure } from './split/save-child-failure';
import { workflowLabel } from './workflow-label';

/** What the processor knows about a job when it fails; fills the DLQ record. */
export interface JobContext {
  parsed: ParsedJob | null;
  lessons: readonly Lesson[];
  /** Set by a split parent about to dead-letter: its children, and the failed children's attempts. */
  split?: { readonly split: DlqSplit; readonly attempts: readonly AttemptRecord[] };
}

/** Options of {@link handleJobFailure}: the failed job plus the processor's failure settings. */
export interface HandleJobFailureOptions
  extends Pick<
    ExtractionProcessorOptions,
    | 'deadLetters'
    | 'metrics'
    | 'queue'
    | 'bounces'
    | 'pause'
    | 'maxJobAttempts'
    | 'backoff'
    | 'rateLimit'
    | 'random'
    | 'split'
    | 'webhooks'
  > {
  readonly job: Job;
  readonly error: unknown;
  readonly context: JobContext;
  /** The job's logger. */
  readonly log: Logger;
}

/**
 * Applies the failure policy (`decideFailure`) to a failed run: dead-letter (record written, then
 * `UnrecoverableError`), retry later (`RetryLaterError`, delay via the backoff strategy) or pause
 * the queue (`QueuePause` + `RateLimitError`, no attempt consumed). Always throws.
 */
export async function handleJobFailure(options: HandleJobFailureOptions): Promise<never> {
  const { job, error, context, log } = options;
  const jobId = job.id as string;
  const jobAttemptsMade = job.attemptsMade + 1;
  const maxJobAttempts = Math.max(1, Math.min(options.maxJobAttempts, job.opts.attempts ?? 1));
  const bounces = await options.bounces.count(jobId);
  const decision = decideFailure({
    error,
    jobAttemptsMade,
    maxJobAttempts,
    rateLimitBounces: bounces,
    maxRateLimitBounces: options.rateLimit.maxBounces,
    backoff: options.backoff,
    rateLimitPauseMs: options.rateLimit.pauseMs,
    maxRetryAfterMs: options.rateLimit.maxPauseMs,
    ...(options.random ? { random: options.random } : {}),
  });
  reportRetryAfter({
    error,
    decision,
    maxPauseMs: options.rateLimit.maxPauseMs,
    log,
    metrics: options.metrics,
  });
  const summary = describeError(error);
  switch (decision.action) {
    case 'dead-letter': {
      const { parsed } = context;
      const reason = dlqReasonLabel(decision.reason);
      await saveChildFailure({ split: options.split, parsed, job, reason, message: decision.reason.message });
      const written = await options.deadLetters.deadLetter({
        job,
        reason: decision.reason,
        lessonsInjected: context.lessons.map((lesson) => lesson.signature),
        jobAttempts: jobAttemptsMade,
        ...(parsed ? { workflow: parsed.workflow.name, version: parsed.workflow.version } : {}),
        ...(context.split ? { split: context.split.split, attempts: context.split.attempts } : {}),
      });
      if (parsed && job.id && !parsed.data.evaluation && !parsed.data.part) {
        await options.webhooks?.emit({
          type: 'job.dead_lettered',
          workflow: parsed.workflow.name,
          subject: { kind: 'job', jobId: job.id, timestamp: job.timestamp },
        });
      }
      options.metrics?.ended(workflowLabel(parsed), 'dead_lettered', reason);
      if (parsed) options.metrics?.tenantJob(tenantOf(parsed.data), 'dead_lettered');
      log.error({ error: summary, dlqId: written.dlqId, reason }, 'job dead-lettered');
      throw new UnrecoverableError(`${reason}: ${decision.reason.message}`);
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
      await options.bounces.bump(jobId);
      await options.pause.pause(decision.delayMs);
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
