import {
  type DlqReason,
  type DlqRecord,
  type DlqTotals,
  dlqIssueCounts,
  type Lineage,
  type ReplayMark,
} from '@quarry/queue';
import { dlqHeadline } from './dlq-why';

/**
 * Where a record stands for a person: `dead` (waiting for a decision), `replayed` (pushed through
 * again as a new job) or `quarantined` (its chain was redriven `maxRedrives` times; replays skip it
 * unless forced).
 */
export type EntryState = 'dead' | 'replayed' | 'quarantined';

/** A DLQ record without its payload: what lists and tables show. */
export interface DlqSummary {
  readonly dlqId: string;
  readonly sourceJobId: string;
  readonly workflow: string;
  readonly version: number | null;
  readonly reason: DlqReason;
  readonly fingerprint: string;
  /** Model attempts recorded. */
  readonly attempts: number;
  readonly jobAttempts: number;
  readonly totals: DlqTotals;
  /** The most frequent issue signature over all attempts, or null when no attempt had issues. */
  readonly topIssue: string | null;
  /** What a list leads with: the top issue as `path: message`, else the reason's message (record text). */
  readonly headline: string;
  readonly firstEnqueuedAt: string;
  readonly deadLetteredAt: string;
  readonly lineage: Lineage;
  readonly state: EntryState;
  readonly replay: ReplayMark | null;
}

/** The state a record is in for triage: stored `replayed` wins, otherwise the redrive count decides. */
export function entryState(record: DlqRecord, maxRedrives: number): EntryState {
  if (record.state === 'replayed' || record.replay) return 'replayed';
  if (record.state === 'quarantined' || record.lineage.redriveCount >= maxRedrives) return 'quarantined';
  return 'dead';
}

/** The summary of a record. */
export function summarize(record: DlqRecord, maxRedrives: number): DlqSummary {
  return {
    dlqId: record.dlqId,
    sourceJobId: record.sourceJobId,
    workflow: record.workflow,
    version: record.version,
    reason: record.reason,
    fingerprint: record.fingerprint,
    attempts: record.attempts.length,
    jobAttempts: record.jobAttempts,
    totals: record.totals,
    topIssue: dlqIssueCounts(record)[0]?.signature ?? null,
    headline: dlqHeadline(record),
    firstEnqueuedAt: record.firstEnqueuedAt,
    deadLetteredAt: record.deadLetteredAt,
    lineage: record.lineage,
    state: entryState(record, maxRedrives),
    replay: record.replay ?? null,
  };
}
