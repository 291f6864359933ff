import { type AnyWorkflow, type JobDocumentLimits, resolveSplitSetting } from '@quarry/core';
import { MAX_SPLIT_PAGES } from '@quarry/queue';

/**
 * The document limits of a job whose workflow may split it into page windows (any `split` but
 * `'off'`): a PDF over the model's pages or request size is sent a window at a time, so it may have
 * up to `MAX_SPLIT_PAGES` pages and be as large as the blob store takes (`maxBytes`). A workflow
 * that never splits keeps the model's limits.
 */
export function splitDocumentLimits(options: {
  readonly limits: JobDocumentLimits;
  readonly workflow: AnyWorkflow;
  readonly maxBytes: number;
}): JobDocumentLimits {
  const { limits } = options;
  if (resolveSplitSetting(options.workflow.split).mode === 'off') return limits;
  return {
    ...limits,
    maxPdfPages: Math.max(limits.maxPdfPages, MAX_SPLIT_PAGES),
    maxRequestBytes: Math.max(limits.maxRequestBytes, options.maxBytes),
  };
}
