import { issueSignature } from '@quarry/core';
import { z } from 'zod';
import { DlqReasonKind } from './dlq-reason';
import { DlqReasonLabel, dlqReasonLabel } from './dlq-reason-label';
import type { DlqRecord } from './dlq-record';

/** One issue signature of a record: how often its attempts had it, and the first message. */
export const DlqIssueCount = z.object({
  signature: z.string(),
  count: z.number().int().positive(),
  example: z.string(),
});
export type DlqIssueCount = z.infer<typeof DlqIssueCount>;

/**
 * What the DLQ indexes know of one record, stored as JSON beside them (`keys.dlq.entries()`): where it
 * is indexed, and every fact a fingerprint group sums up, so neither a filter nor a group has to read
 * the record. Written with the record and never changed; its state lives apart (`DlqIndexState`).
 */
export const DlqIndexEntry = z.object({
  dlqId: z.string(),
  sourceJobId: z.string(),
  /** `deadLetteredAt` in milliseconds: the score in every time-ordered index. */
  at: z.number().int(),
  deadLetteredAt: z.string(),
  workflow: z.string(),
  version: z.number().int().positive().nullable(),
  /** `<workflow>@v<version>` (`?` for no version), as groups list workflows. */
  workflowLabel: z.string(),
  kind: DlqReasonKind,
  label: DlqReasonLabel,
  fingerprint: z.string(),
  /** The reason message (a group shows its latest record's). */
  message: z.string(),
  redriveCount: z.number().int().nonnegative(),
  /** Issue signatures over every attempt, most frequent first (ties by signature). */
  issues: z.array(DlqIssueCount),
});
export type DlqIndexEntry = z.infer<typeof DlqIndexEntry>;

/** Where a record stands as the indexes count it (the quarantine by redrive count is the reader's to judge). */
export const DlqIndexState = z.enum(['dead', 'quarantined', 'replayed']);
export type DlqIndexState = z.infer<typeof DlqIndexState>;

/** Lone UTF-16 surrogates as U+FFFD: Redis' JSON decoder (and UTF-8) cannot carry them. */
const wellFormed = (text: string): string => text.replace(/\p{Cs}/gu, '\uFFFD');

/** Issue signatures of a record with their counts, most frequent first (ties by signature). */
export function dlqIssueCounts(record: Pick<DlqRecord, 'attempts'>): DlqIssueCount[] {
  const counts = new Map<string, DlqIssueCount>();
  for (const attempt of record.attempts) {
    for (const issue of attempt.issues) {
      const signature = issueSignature(issue);
      const known = counts.get(signature);
      if (known) known.count += 1;
      else counts.set(signature, { signature, count: 1, example: issue.message });
    }
  }
  return [...counts.values()].sort((a, b) => b.count - a.count || a.signature.localeCompare(b.signature));
}

/** The index entry of a record. */
export function dlqIndexEntry(record: DlqRecord): DlqIndexEntry {
  return {
    dlqId: wellFormed(record.dlqId),
    sourceJobId: wellFormed(record.sourceJobId),
    at: Date.parse(record.deadLetteredAt),
    deadLetteredAt: record.deadLetteredAt,
    workflow: wellFormed(record.workflow),
    version: record.version,
    workflowLabel: wellFormed(`${record.workflow}@v${record.version ?? '?'}`),
    kind: record.reason.kind,
    label: dlqReasonLabel(record.reason),
    fingerprint: wellFormed(record.fingerprint),
    message: wellFormed(record.reason.message),
    redriveCount: record.lineage.redriveCount,
    issues: dlqIssueCounts(record).map((issue) => ({
      signature: wellFormed(issue.signature),
      count: issue.count,
      example: wellFormed(issue.example),
    })),
  };
}

/** The state a record is indexed with: `replayed` once marked, else its stored state. */
export function dlqIndexState(record: Pick<DlqRecord, 'state' | 'replay'>): DlqIndexState {
  return record.state === 'replayed' || record.replay ? 'replayed' : record.state;
}
