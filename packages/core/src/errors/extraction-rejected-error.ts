import type { AttemptRecord } from '../attempts/attempt-record';
import type { Issue } from '../issues/issue';
import type { RefusalCategory } from '../model/refusal-category';
import type { Usage } from '../model/usage';

/**
 * Why the loop stopped at once:
 * - `refused`: the model refused (stop reason `refusal`);
 * - `fatal_rule`: a rule of severity `fatal` failed (the data is not in the source).
 */
export type RejectedKind = 'refused' | 'fatal_rule';

/** The job cannot succeed by retrying; no further model calls are made. */
export class ExtractionRejectedError extends Error {
  override readonly name = 'ExtractionRejectedError';
  readonly kind: RejectedKind;
  readonly records: readonly AttemptRecord[];
  readonly issues: readonly Issue[];
  readonly usage: Usage;
  readonly costUsd: number | null;
  /** The category the refusal named (`refused` only); null when it named none. */
  readonly refusalCategory: RefusalCategory | null;

  constructor(options: {
    kind: RejectedKind;
    message: string;
    records: readonly AttemptRecord[];
    issues: readonly Issue[];
    usage: Usage;
    costUsd: number | null;
    refusalCategory?: RefusalCategory | null;
    cause?: unknown;
  }) {
    super(options.message, { cause: options.cause });
    this.kind = options.kind;
    this.records = options.records;
    this.issues = options.issues;
    this.usage = options.usage;
    this.costUsd = options.costUsd;
    this.refusalCategory = options.refusalCategory ?? null;
  }
}
