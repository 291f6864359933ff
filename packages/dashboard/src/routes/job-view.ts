import type { WorkflowRegistry } from '@quarry/core';
import {
  type ExtractionJobResult,
  type ExtractionJobSnapshot,
  JobData,
  ExtractionJobResult as ResultSchema,
} from '@quarry/queue';
import type { GroundedFieldView } from '../grounding/grounded-field-view';
import { jobDocument } from '../grounding/job-document';
import { resultFieldViews } from '../grounding/result-field-views';

/** What the job page shows of one extraction job. */
export interface JobView {
  readonly snapshot: ExtractionJobSnapshot;
  readonly workflow: string | null;
  readonly version: number | null;
  /** The document as the model was given it; null when the job data holds none. */
  readonly document: string | null;
  /** The result of a completed job; null otherwise, or when it does not parse (see `resultProblems`). */
  readonly result: ExtractionJobResult | null;
  readonly resultProblems: readonly string[];
  readonly fields: readonly GroundedFieldView[];
}

/** The job page's view of a job: its workflow, document, parsed result and grounded fields. */
export function jobView(options: {
  readonly snapshot: ExtractionJobSnapshot;
  readonly registry: WorkflowRegistry;
}): JobView {
  const { snapshot, registry } = options;
  const data = JobData.safeParse(snapshot.data);
  const parsed = snapshot.state === 'completed' ? ResultSchema.safeParse(snapshot.returnValue) : null;
  const result = parsed?.success ? parsed.data : null;
  const resultProblems =
    parsed && !parsed.success
      ? parsed.error.issues.map((issue) => `${issue.path.join('.') || '(result)'}: ${issue.message}`)
      : [];
  const workflow = result?.workflow ?? (data.success ? data.data.workflow : null);
  const version = result?.version ?? (data.success ? (data.data.version ?? null) : null);
  // The document the worker grounded against: the input read by the version that answered.
  const document =
    data.success && workflow !== null
      ? jobDocument({ registry, workflow, version: version ?? undefined, input: data.data.input })
      : null;
  const fields = result
    ? resultFieldViews({
        data: result.data,
        provenance: result.provenance,
        fieldConfidence: result.fieldConfidence,
        weakFields: result.weakFields,
      })
    : [];
  return { snapshot, workflow, version, document, result, resultProblems, fields };
}
