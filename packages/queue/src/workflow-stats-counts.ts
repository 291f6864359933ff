/** A workflow version, as the statistics name it. */
export interface WorkflowVersion {
  readonly workflow: string;
  readonly version: number;
}

/** What a workflow version's jobs did over some time: sums, so windows add up. */
export interface WorkflowStatsCounts {
  /** Jobs' first attempts, and how many of them were not valid. */
  firstAttempts: number;
  firstAttemptFailures: number;
  /** Model calls (attempts) of every job, and how many of them each model answered. */
  calls: number;
  callsByModel: Record<string, number>;
  /** Jobs completed with a valid result. */
  validJobs: number;
  /** USD of the calls whose price is known, and how many calls had none. */
  costUsd: number;
  unpricedCalls: number;
  inputTokens: number;
  outputTokens: number;
  cacheWriteTokens: number;
  cacheReadTokens: number;
}

/** Counts of nothing. */
export const emptyWorkflowStats = (): WorkflowStatsCounts => ({
  firstAttempts: 0,
  firstAttemptFailures: 0,
  calls: 0,
  callsByModel: {},
  validJobs: 0,
  costUsd: 0,
  unpricedCalls: 0,
  inputTokens: 0,
  outputTokens: 0,
  cacheWriteTokens: 0,
  cacheReadTokens: 0,
});

/** Adds `more` into `into` (mutating it) and returns it. */
export function addWorkflowStats(into: WorkflowStatsCounts, more: WorkflowStatsCounts): WorkflowStatsCounts {
  for (const field of scalarFields) into[field] += more[field];
  for (const [model, calls] of Object.entries(more.callsByModel)) {
    into.callsByModel[model] = (into.callsByModel[model] ?? 0) + calls;
  }
  return into;
}

/** The numeric fields of {@link WorkflowStatsCounts}, with their short names in Redis. */
export const scalarFieldNames = {
  firstAttempts: 'f',
  firstAttemptFailures: 'ff',
  calls: 'c',
  validJobs: 'v',
  costUsd: 'usd',
  unpricedCalls: 'nu',
  inputTokens: 'in',
  outputTokens: 'out',
  cacheWriteTokens: 'cw',
  cacheReadTokens: 'cr',
} as const satisfies Record<Exclude<keyof WorkflowStatsCounts, 'callsByModel'>, string>;

const scalarFields = Object.keys(scalarFieldNames) as (keyof typeof scalarFieldNames)[];
