import { ExtractionExhaustedError } from '../errors/extraction-exhausted-error';
import { ExtractionRejectedError } from '../errors/extraction-rejected-error';
import { ModelTransportError } from '../errors/model-transport-error';
import { WorkflowNotFoundError } from '../errors/workflow-not-found-error';
import { BadDocumentError } from './bad-document-error';
import { BadPayloadError } from './bad-payload-error';
import type { FailureDecision, RetryReasonKind } from './failure-decision';
import { fullJitterBackoff } from './full-jitter-backoff';
import { InvalidJobDataError } from './invalid-job-data-error';
import { SplitParentError } from './split-parent-error';
import { TenantBudgetExhaustedError } from './tenant-budget-exhausted-error';

/** Defaults of {@link decideFailure}'s optional settings. */
export const failurePolicyDefaults = {
  /** Queue pause after a 429 that did not say how long to wait. */
  rateLimitPauseMs: 1000,
  /** Longest wait a provider's retry-after is honoured for (queue pause and retry delay). */
  maxRetryAfterMs: 60_000,
} as const;

/** Options of {@link decideFailure}. */
export interface DecideFailureOptions {
  /** What the run threw. */
  readonly error: unknown;
  /** Job attempts made so far, the one that just failed included (1 on the first run). */
  readonly jobAttemptsMade: number;
  /** Job attempts allowed in total. */
  readonly maxJobAttempts: number;
  /** How often this job already went back to the queue because of a 429, without consuming an attempt. */
  readonly rateLimitBounces: number;
  /** Bounces allowed before a 429 counts as a transient failure (guards against a job looping forever). */
  readonly maxRateLimitBounces: number;
  readonly backoff: { readonly baseMs: number; readonly capMs: number };
  /** Queue pause after a 429 without retry-after. Default {@link failurePolicyDefaults}. */
  readonly rateLimitPauseMs?: number;
  /**
   * Longest wait a provider's retry-after is honoured for: a longer queue pause after a 429, or a
   * longer delay before retrying a transient failure, is cut to this (the decision's
   * `clampedFromMs` then says what was asked). Default {@link failurePolicyDefaults}.
   */
  readonly maxRetryAfterMs?: number;
  /** Uniform in [0, 1), for the backoff jitter. Default `Math.random`. */
  readonly random?: () => number;
}

/**
 * The failure policy: what to do with a job whose run threw `error`.
 *
 * - Dead-letter now: the loop gave up (`validation_exhausted`, `no_progress`, `budget_exhausted`), the job was
 *   rejected (`refused`, with the refusal's category when it named one; `fatal_rule`), the API rejected the
 *   request for good (`permanent`), the job data is invalid (`invalid_payload`) or unreadable
 *   (`bad_payload`), its document cannot be sent (`bad_document`, `document_too_large`), the workflow is unknown (`unknown_workflow`),
 *   or a split job's parent cannot complete (`SplitParentError`: `split_child_failed`, `validation_exhausted`, `fatal_rule`),
 *   or its tenant's budget cannot pay for it in time (`TenantBudgetExhaustedError`: `tenant_budget_exhausted`).
 * - Transient model errors retry later with capped full-jitter exponential backoff, never sooner than the
 *   provider's retry-after; once the job attempts are used up the job is dead-lettered `transient_exhausted`.
 * - A 429 pauses the queue for retry-after (or `rateLimitPauseMs`) without consuming a job attempt, until the
 *   job has bounced `maxRateLimitBounces` times; from then on a 429 counts as a transient failure, and a job
 *   that uses up its attempts that way is dead-lettered `rate_limit_loop`. A pause lasts at least 1 ms.
 * - No retry-after is honoured for longer than `maxRetryAfterMs`: one 429 asking for days must not stop
 *   every worker for days.
 * - Any other error is retried like a transient one and dead-lettered `unexpected` once the attempts are
 *   used up: unknown errors include infrastructure hiccups (a Redis failover during a write, a restarting
 *   dependency) that a later attempt survives, saved attempts are never paid for twice, and the job attempts
 *   bound the cost, while a real bug still ends in the dead-letter queue with its message.
 */
export function decideFailure(options: DecideFailureOptions): FailureDecision {
  const { error } = options;
  if (error instanceof ExtractionRejectedError && error.refusalCategory !== null) {
    return {
      action: 'dead-letter',
      reason: { kind: error.kind, message: error.message, refusalCategory: error.refusalCategory },
    };
  }
  if (error instanceof ExtractionExhaustedError || error instanceof ExtractionRejectedError) {
    return deadLetter(error.kind, error.message);
  }
  if (error instanceof InvalidJobDataError) return deadLetter('invalid_payload', error.message);
  if (error instanceof BadPayloadError) return deadLetter('bad_payload', error.message);
  if (error instanceof BadDocumentError) return deadLetter(error.kind, error.message);
  if (error instanceof WorkflowNotFoundError) return deadLetter('unknown_workflow', error.message);
  if (error instanceof SplitParentError) return deadLetter(error.kind, error.message);
  if (error instanceof TenantBudgetExhaustedError)
    return deadLetter('tenant_budget_exhausted', error.message);
  if (error instanceof ModelTransportError) {
    switch (error.kind) {
      case 'permanent':
        return deadLetter('permanent', error.message);
      case 'transient':
        return retryOrGiveUp(options, 'transient', error.message, error.retryAfterMs);
      case 'rate_limited':
        if (options.rateLimitBounces < options.maxRateLimitBounces) {
          const asked = honouredRetryAfter(options, error.retryAfterMs);
          const pauseMs = asked?.ms ?? options.rateLimitPauseMs ?? failurePolicyDefaults.rateLimitPauseMs;
          return { action: 'pause-queue', delayMs: Math.max(1, pauseMs), ...asked?.clamped };
        }
        return retryOrGiveUp(options, 'rate_limit_loop', error.message, error.retryAfterMs);
      default: {
        const unhandled: never = error.kind;
        throw new TypeError(`Unhandled transport error kind ${String(unhandled)}`);
      }
    }
  }
  return retryOrGiveUp(options, 'unexpected', describe(error), null);
}

function deadLetter(
  kind: Extract<FailureDecision, { action: 'dead-letter' }>['reason']['kind'],
  message: string,
): FailureDecision {
  return { action: 'dead-letter', reason: { kind, message } };
}

function retryOrGiveUp(
  options: DecideFailureOptions,
  kind: RetryReasonKind,
  message: string,
  retryAfterMs: number | null,
): FailureDecision {
  if (options.jobAttemptsMade >= options.maxJobAttempts) {
    const finalKind = kind === 'transient' ? 'transient_exhausted' : kind;
    const attempts = `${options.jobAttemptsMade} of ${options.maxJobAttempts} job attempts used`;
    return deadLetter(finalKind, `${message} (${attempts})`);
  }
  const jitter = fullJitterBackoff({
    attempt: options.jobAttemptsMade,
    baseMs: options.backoff.baseMs,
    capMs: options.backoff.capMs,
    ...(options.random ? { random: options.random } : {}),
  });
  const asked = honouredRetryAfter(options, retryAfterMs);
  const delayMs = Math.max(asked?.ms ?? 0, jitter);
  const clamped = asked?.clamped && delayMs < asked.clamped.clampedFromMs ? asked.clamped : {};
  return { action: 'retry-later', delayMs, reason: { kind, message }, ...clamped };
}

/** The provider's retry-after cut to `maxRetryAfterMs`, with what it asked when it was cut; null when absent. */
function honouredRetryAfter(
  options: DecideFailureOptions,
  retryAfterMs: number | null,
): { readonly ms: number; readonly clamped?: { readonly clampedFromMs: number } } | null {
  if (retryAfterMs === null) return null;
  const max = options.maxRetryAfterMs ?? failurePolicyDefaults.maxRetryAfterMs;
  return retryAfterMs > max ? { ms: max, clamped: { clampedFromMs: retryAfterMs } } : { ms: retryAfterMs };
}

function describe(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return `Non-error thrown: ${String(error)}`;
}
