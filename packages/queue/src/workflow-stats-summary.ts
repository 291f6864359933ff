import type { WorkflowStatsCounts, WorkflowVersion } from './workflow-stats-counts';

/** What `quarry workflows stats` and the metrics show of a workflow version's counts; null where nothing was counted. */
export interface WorkflowStatsSummary extends WorkflowVersion {
  readonly firstAttempts: number;
  /** Share of first attempts that were valid. */
  readonly firstAttemptValidity: number | null;
  /** Model calls per job (per first attempt). */
  readonly meanAttempts: number | null;
  readonly validJobs: number;
  /** USD per job completed with a valid result (calls of unpriced models not included). */
  readonly costPerValidUsd: number | null;
  /** Share of the prompt tokens (input, cache writes, cache reads) read from the cache. */
  readonly cacheReadShare: number | null;
  /** Share of the calls each model answered, largest first. */
  readonly modelShares: readonly { readonly model: string; readonly share: number }[];
  readonly unpricedCalls: number;
}

const ratio = (part: number, whole: number): number | null => (whole > 0 ? part / whole : null);

/** The rates of one workflow version's counts. */
export function summarizeWorkflowStats(
  version: WorkflowVersion,
  counts: WorkflowStatsCounts,
): WorkflowStatsSummary {
  const prompt = counts.inputTokens + counts.cacheWriteTokens + counts.cacheReadTokens;
  return {
    workflow: version.workflow,
    version: version.version,
    firstAttempts: counts.firstAttempts,
    firstAttemptValidity: ratio(counts.firstAttempts - counts.firstAttemptFailures, counts.firstAttempts),
    meanAttempts: ratio(counts.calls, counts.firstAttempts),
    validJobs: counts.validJobs,
    costPerValidUsd: ratio(counts.costUsd, counts.validJobs),
    cacheReadShare: ratio(counts.cacheReadTokens, prompt),
    modelShares: Object.entries(counts.callsByModel)
      .map(([model, calls]) => ({ model, share: calls / Math.max(1, counts.calls) }))
      .sort((a, b) => b.share - a.share || a.model.localeCompare(b.model)),
    unpricedCalls: counts.unpricedCalls,
  };
}
