import { type DocumentLimitsSpec, platformDocumentLimits } from './document-limits-spec';
import type { ModelTable } from './model-spec';
import { modelSpecOf } from './model-spec-of';

/** The document limits a job must meet on every model it may run on. */
export interface JobDocumentLimits {
  readonly maxRequestBytes: number;
  readonly maxPdfPages: number;
  readonly maxImageDimension: number;
}

/**
 * The strictest document limits of `models` (a job's model or ladder) as the table gives them; a
 * model the table does not know counts with the platform's limits.
 */
export function documentLimitsOf(options: {
  readonly models: readonly string[];
  readonly table: ModelTable;
}): JobDocumentLimits {
  const specs: DocumentLimitsSpec[] = options.models.map(
    (model) => modelSpecOf(model, options.table)?.documents ?? platformDocumentLimits,
  );
  if (specs.length === 0) specs.push(platformDocumentLimits);
  const least = (pick: (spec: DocumentLimitsSpec) => number) => Math.min(...specs.map(pick));
  return {
    maxRequestBytes: least((spec) => spec.maxRequestBytes),
    maxPdfPages: least((spec) => spec.maxPdfPages),
    maxImageDimension: least((spec) => spec.maxImageDimension),
  };
}
