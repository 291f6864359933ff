import type { AttemptRecord } from '../attempts/attempt-record';
import type { Grounder } from '../grounding/grounder';
import { provenanceByPage } from '../grounding/provenance-by-page';
import type { AnyWorkflow } from '../workflow/define-workflow';
import { attemptTotals } from './attempt-totals';
import type { ExtractionResult } from './extraction-result';
import { groundedResultPart } from './reply-grounding';
import type { ValidReply } from './resume-from-stored-attempts';

/** What {@link successfulResult} needs of a run that ended on a valid reply. */
export interface SuccessfulResultOptions {
  readonly workflow: AnyWorkflow;
  readonly valid: ValidReply;
  readonly records: readonly AttemptRecord[];
  readonly used: number;
  /** The model of a run that stored no record (a resumed job), for the result's `model`. */
  readonly modelId: string;
  readonly durationMs: number;
  readonly grounder: Grounder | undefined;
  /** Where each page starts in the document text, to name the page of each grounded value. */
  readonly pageStarts: readonly number[] | undefined;
  /** Review reasons of checks that could not run (a document without a text layer). */
  readonly unchecked: readonly string[];
}

/** The result of a run that ended on a valid reply: the data, its review reasons, grounding and totals. */
export function successfulResult<T>(options: SuccessfulResultOptions): ExtractionResult<T> {
  const { valid, records, workflow } = options;
  const { reviewReasons: weak, ...grounded } = groundedResultPart({
    grounder: options.grounder,
    records,
    accepted: valid,
  });
  const reviewReasons = [...valid.reviewReasons, ...weak, ...options.unchecked];
  const pageStarts = options.pageStarts;
  const provenance =
    grounded.provenance && pageStarts
      ? { provenance: provenanceByPage(grounded.provenance, pageStarts) }
      : {};
  return {
    data: valid.data as T,
    needsReview: reviewReasons.length > 0,
    reviewReasons,
    attempts: options.used,
    attemptRecords: [...records],
    ...attemptTotals(records),
    model: records.at(-1)?.model ?? options.modelId,
    workflow: workflow.name,
    version: workflow.version,
    durationMs: options.durationMs,
    ...grounded,
    ...provenance,
  };
}
