import type { AttemptRecord } from '../attempts/attempt-record';
import type { Provenance } from '../grounding/provenance';
import type { WeakField } from '../grounding/weak-field';
import type { Usage } from '../model/usage';

/** A valid extraction, with everything it cost to get there. */
export interface ExtractionResult<Data = unknown> {
  readonly data: Data;
  /** True when a `review` rule failed or the confidence was below the workflow's threshold. */
  readonly needsReview: boolean;
  readonly reviewReasons: readonly string[];
  /** Number of model replies, the valid one included (stored attempts of earlier runs count). */
  readonly attempts: number;
  readonly attemptRecords: readonly AttemptRecord[];
  readonly usage: Usage;
  /** Null when some model had no known price. */
  readonly costUsd: number | null;
  readonly model: string;
  readonly workflow: string;
  readonly version: number;
  readonly durationMs: number;
  /**
   * Where each grounded value's quote is in the document (`document.slice(start, end)`), by concrete
   * path; present when the workflow's grounding ran.
   */
  readonly provenance?: Provenance;
  /**
   * How far each grounded value can be trusted (0–1 by concrete path: how its quote matched, the
   * attempts it needed, agreement across attempts); present when the workflow's grounding ran.
   */
  readonly fieldConfidence?: Readonly<Record<string, number>>;
  /**
   * The grounded values a person should look at (confidence below the field's `reviewBelow`, or the
   * value failed a `check`); present when the workflow's grounding ran, empty when none is weak.
   */
  readonly weakFields?: readonly WeakField[];
}
