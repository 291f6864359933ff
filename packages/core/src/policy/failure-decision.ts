import type { RefusalCategory } from '../model/refusal-category';

/**
 * Why a job is dead-lettered. The extraction kinds pass through unchanged; the others are:
 * - `permanent`: the model API rejected the request in a way retrying cannot fix (400, 401, 403, 404, 413…);
 * - `transient_exhausted`: transient failures (5xx, 529, network, timeout) used up the job attempts;
 * - `rate_limit_loop`: the job kept hitting 429 past the bounce guard and then used up its job attempts;
 * - `invalid_payload`: the job data breaks the job contract or the workflow's input schema;
 * - `bad_payload`: the stored job could not be read at all (its data or options are not JSON);
 * - `bad_document`: the job's document is not what it claims, damaged or encrypted (no model call made);
 * - `document_too_large`: the job's document is over a platform limit (pages per PDF, bytes, pixels);
 * - `unknown_workflow`: no workflow (or version) of that name is registered;
 * - `split_child_failed`: a child of a split job ended in the dead-letter queue (the parent's record names them all);
 * - `tenant_budget_exhausted`: the job's tenant has a budget of 0, or its budget resets only after the job's deadline;
 * - `unexpected`: any other error, once it used up the job attempts.
 */
export type FailureReasonKind =
  | 'validation_exhausted'
  | 'no_progress'
  | 'budget_exhausted'
  | 'refused'
  | 'fatal_rule'
  | 'permanent'
  | 'transient_exhausted'
  | 'rate_limit_loop'
  | 'invalid_payload'
  | 'bad_payload'
  | 'bad_document'
  | 'document_too_large'
  | 'unknown_workflow'
  | 'split_child_failed'
  | 'tenant_budget_exhausted'
  | 'unexpected';

/** Why a job is dead-lettered: the kind, a message, and for a refusal the category it named (if any). */
export interface DeadLetterReason {
  readonly kind: FailureReasonKind;
  readonly message: string;
  /** Set when `kind` is `refused` and the refusal named a category. */
  readonly refusalCategory?: RefusalCategory;
}

/** Why a job is retried later: a transient model error, a 429 past the bounce guard, or an unknown error. */
export type RetryReasonKind = 'transient' | 'rate_limit_loop' | 'unexpected';

/**
 * What to do with a job whose run failed:
 * - `dead-letter`: stop now and write the dead-letter record;
 * - `retry-later`: fail this job attempt and run the job again after `delayMs` (consumes a job attempt);
 * - `pause-queue`: pause the whole queue for `delayMs` and put the job back without consuming a job attempt.
 *
 * `clampedFromMs` is present when the provider's `retry-after` asked for a longer wait than the
 * policy allows (`maxRetryAfterMs`): it holds what was asked, and the wait was cut to the maximum.
 */
export type FailureDecision =
  | {
      readonly action: 'dead-letter';
      readonly reason: DeadLetterReason;
    }
  | {
      readonly action: 'retry-later';
      readonly delayMs: number;
      readonly reason: { readonly kind: RetryReasonKind; readonly message: string };
      readonly clampedFromMs?: number;
    }
  | { readonly action: 'pause-queue'; readonly delayMs: number; readonly clampedFromMs?: number };
