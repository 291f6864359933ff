import { AttemptRecord } from '@quarry/core';
import { z } from 'zod';
import { DlqReason } from './dlq-reason';
import { Lineage } from './job-data';

/** What a dead-lettered job cost, over every attempt. `costUsd` is null when some model had no known price. */
export const DlqTotals = z.object({
  modelCalls: z.number().int().nonnegative(),
  inputTokens: z.number().int().nonnegative(),
  outputTokens: z.number().int().nonnegative(),
  cacheReadInputTokens: z.number().int().nonnegative(),
  cacheCreationInputTokens: z.number().int().nonnegative(),
  costUsd: z.number().nonnegative().nullable(),
  /** Time spent in model calls. */
  durationMs: z.number().nonnegative(),
});
export type DlqTotals = z.infer<typeof DlqTotals>;

/** Where a record stands: waiting for a person, replayed as a new job, or set aside. */
export const DlqState = z.enum(['dead', 'replayed', 'quarantined']);
export type DlqState = z.infer<typeof DlqState>;

/** How a DLQ record was replayed: the new job and when (set by the triage service, kept for audit). */
export const ReplayMark = z.object({
  jobId: z.string().min(1),
  replayedAt: z.iso.datetime(),
});
export type ReplayMark = z.infer<typeof ReplayMark>;

/** One child of a dead-lettered split job, as its parent's record lists it. */
export const DlqSplitChild = z.object({
  index: z.number().int().nonnegative(),
  jobId: z.string(),
  status: z.enum(['completed', 'failed']),
  /** The child's pages (first, last), null when it read the whole document. */
  pages: z.tuple([z.number().int(), z.number().int()]).nullable(),
  /** Its field group, null when it had the whole schema. */
  paths: z.array(z.string()).nullable(),
  /** Why it failed (its DLQ reason label and message). */
  reason: z.string().optional(),
  /** Model calls it made. */
  attempts: z.number().int().nonnegative(),
  costUsd: z.number().nonnegative().nullable(),
});
export type DlqSplitChild = z.infer<typeof DlqSplitChild>;

/** The children of a dead-lettered split job; the failed children's attempts are the record's `attempts`. */
export const DlqSplit = z.object({
  splitId: z.string(),
  children: z.array(DlqSplitChild),
});
export type DlqSplit = z.infer<typeof DlqSplit>;

/**
 * A dead-letter record: one per terminally failed job, holding everything needed to understand and
 * replay it. Stored as the data of a job in the DLQ queue whose id is `dlqId`.
 */
export const DlqRecord = z.object({
  /** Deterministic from the source job id and its generation; see `dlqIdFor`. */
  dlqId: z.string().min(1),
  sourceJobId: z.string().min(1),
  /** As named by the job data; may be anything for a payload that broke the contract. */
  workflow: z.string(),
  /** Null when the job data named no valid version. */
  version: z.number().int().positive().nullable(),
  reason: DlqReason,
  /** Stable hash of the reason kind and the top issue signatures; groups records that failed alike. */
  fingerprint: z.string(),
  /** The original job data, intact for replay (even when it broke the contract). */
  input: z.unknown(),
  attempts: z.array(AttemptRecord),
  totals: DlqTotals,
  /** Signatures of the lessons shown to the model. */
  lessonsInjected: z.array(z.string()),
  /** BullMQ job attempts made (runs of the job). */
  jobAttempts: z.number().int().nonnegative(),
  firstEnqueuedAt: z.iso.datetime(),
  deadLetteredAt: z.iso.datetime(),
  lineage: Lineage,
  state: DlqState,
  /** Present for the parent of a split job: every child, completed or failed. */
  split: DlqSplit.optional(),
  /** Present once the record was replayed (`state` is then `replayed`). */
  replay: ReplayMark.optional(),
});
export type DlqRecord = z.infer<typeof DlqRecord>;
