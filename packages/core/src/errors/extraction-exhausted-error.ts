import type { AttemptRecord } from '../attempts/attempt-record';
import type { Issue } from '../issues/issue';
import type { Usage } from '../model/usage';

/**
 * Why the loop gave up while the model kept answering:
 * - `validation_exhausted`: `maxAttempts` replies, none valid;
 * - `no_progress`: two consecutive replies with the same output and the same issues;
 * - `budget_exhausted`: the next call would exceed the job's token or cost budget.
 */
export type ExhaustedKind = 'validation_exhausted' | 'no_progress' | 'budget_exhausted';

/** The loop stopped without a valid result. Carries every attempt so nothing is lost. */
export class ExtractionExhaustedError extends Error {
  override readonly name = 'ExtractionExhaustedError';
  readonly kind: ExhaustedKind;
  readonly attempts: number;
  readonly records: readonly AttemptRecord[];
  readonly lastIssues: readonly Issue[];
  readonly usage: Usage;
  readonly costUsd: number | null;

  constructor(options: {
    kind: ExhaustedKind;
    message: string;
    records: readonly AttemptRecord[];
    lastIssues: readonly Issue[];
    usage: Usage;
    costUsd: number | null;
    cause?: unknown;
  }) {
    super(options.message, { cause: options.cause });
    this.kind = options.kind;
    this.records = options.records;
    this.attempts = options.records.length;
    this.lastIssues = options.lastIssues;
    this.usage = options.usage;
    this.costUsd = options.costUsd;
  }
}
