import { Lane } from '@quarry/core';
import { z } from 'zod';

/** A DLQ reason as a canary reports it: its kind, its label (`refused:cyber`) and message. */
const CanaryReason = z.object({ kind: z.string(), label: z.string(), message: z.string() });

/** What a canary did with one selected DLQ record. */
export const CanaryRecordResult = z.discriminatedUnion('outcome', [
  z.object({
    /** The canary job completed: a replay on the version would now complete. */
    outcome: z.literal('completes'),
    dlqId: z.string(),
    /** The label of the reason the record was dead-lettered for. */
    was: z.string(),
    jobId: z.string(),
    needsReview: z.boolean(),
    reviewReasons: z.array(z.string()),
    attempts: z.number().int().nonnegative(),
    costUsd: z.number().nonnegative().nullable(),
  }),
  z.object({
    /** The canary job was dead-lettered too. */
    outcome: z.literal('fails'),
    dlqId: z.string(),
    was: z.string(),
    jobId: z.string(),
    reason: CanaryReason,
    /** The issue the canary job's attempts had most often (`path: message`); null when none had one. */
    topIssue: z.object({ path: z.string(), message: z.string() }).nullable(),
    modelCalls: z.number().int().nonnegative(),
    costUsd: z.number().nonnegative().nullable(),
    /** The canary job's own DLQ record, and whether the canary removed it after reading it. */
    deadLetter: z.object({ dlqId: z.string(), removed: z.boolean(), kept: z.string().optional() }),
  }),
  z.object({
    /** No outcome: a replay would skip or refuse the record, the job was not enqueued, or did not finish in time. */
    outcome: z.literal('not_run'),
    dlqId: z.string(),
    why: z.string(),
    /** The canary job, when one was enqueued (it carries on after the timeout). */
    jobId: z.string().optional(),
  }),
]);
export type CanaryRecordResult = z.infer<typeof CanaryRecordResult>;

/** Counts of a canary, and the share of the selected records that would complete. */
export const CanarySummary = z.object({
  /** Records the selectors matched. */
  selected: z.number().int().nonnegative(),
  completes: z.number().int().nonnegative(),
  /** Of `completes`, those whose result needs review. */
  needsReview: z.number().int().nonnegative(),
  fails: z.number().int().nonnegative(),
  notRun: z.number().int().nonnegative(),
  /** `completes / selected`; null when nothing was selected. */
  completeShare: z.number().min(0).max(1).nullable(),
  /** What the canary jobs cost; null when a model of one had no known price. */
  costUsd: z.number().nonnegative().nullable(),
});
export type CanarySummary = z.infer<typeof CanarySummary>;

/** What `quarry eval canary` prints with `--json`. */
export const CanaryReport = z.object({
  runId: z.string(),
  workflow: z.object({ name: z.string(), version: z.number().int().positive() }),
  /** `--model`; null for the workflow's own. */
  model: z.string().nullable(),
  /** `--lane`; null for the workflow's own. */
  lane: Lane.nullable(),
  summary: CanarySummary,
  records: z.array(CanaryRecordResult),
});
export type CanaryReport = z.infer<typeof CanaryReport>;

/** The summary of a canary's results over `selected` records. */
export function summariseCanary(options: {
  readonly selected: number;
  readonly records: readonly CanaryRecordResult[];
}): CanarySummary {
  let completes = 0;
  let needsReview = 0;
  let fails = 0;
  let notRun = 0;
  let costUsd: number | null = 0;
  const addCost = (cost: number | null) => {
    costUsd = cost === null || costUsd === null ? null : costUsd + cost;
  };
  for (const record of options.records) {
    switch (record.outcome) {
      case 'completes':
        completes += 1;
        if (record.needsReview) needsReview += 1;
        addCost(record.costUsd);
        break;
      case 'fails':
        fails += 1;
        addCost(record.costUsd);
        break;
      case 'not_run':
        notRun += 1;
        break;
    }
  }
  const { selected } = options;
  return {
    selected,
    completes,
    needsReview,
    fails,
    notRun,
    completeShare: selected === 0 ? null : Math.min(1, completes / selected),
    costUsd,
  };
}
