import { type DlqRecord, dlqReasonLabel, isDlqId } from '@quarry/queue';
import type { EntryState } from './dlq-summary';
import { type TopIssue, topIssueOf, topIssueText } from './top-issue';

/**
 * What to do next with a record, as data: replay it (a dry run first), replay it forced (its chain was
 * redriven too often), or nothing (it was replayed already, or its id is not a DLQ id and no command
 * is offered for it).
 */
export type DlqNextStep =
  | { readonly kind: 'replay'; readonly command: string }
  | { readonly kind: 'replay-forced'; readonly command: string }
  | { readonly kind: 'replayed'; readonly jobId: string }
  | { readonly kind: 'none' };

/** Why a record was dead-lettered in one line, and the next step. */
export interface DlqWhy {
  /** E.g. `validation_exhausted after 3 model calls; top issue (seen 3×) total: Expected number`. */
  readonly why: string;
  readonly topIssue: TopIssue | null;
  readonly next: DlqNextStep;
}

const replayCommand = (dlqId: string, force: boolean): string =>
  `quarry replay-dlq --ids ${dlqId}${force ? ' --force' : ''} --dry-run`;

/** The next step for a record in `state`. */
export function dlqNextStep(record: Pick<DlqRecord, 'dlqId' | 'replay'>, state: EntryState): DlqNextStep {
  switch (state) {
    case 'replayed':
      return record.replay ? { kind: 'replayed', jobId: record.replay.jobId } : { kind: 'none' };
    case 'quarantined':
      return isDlqId(record.dlqId)
        ? { kind: 'replay-forced', command: replayCommand(record.dlqId, true) }
        : { kind: 'none' };
    case 'dead':
      return isDlqId(record.dlqId)
        ? { kind: 'replay', command: replayCommand(record.dlqId, false) }
        : { kind: 'none' };
  }
}

/**
 * The headline of a record in a list: its top issue (`path: message`) when an attempt had one, else
 * the reason's message. Text from the record: the caller neutralises it for where it is shown.
 */
export function dlqHeadline(record: Pick<DlqRecord, 'attempts' | 'reason'>): string {
  const top = topIssueOf(record);
  return top ? topIssueText(top) : record.reason.message;
}

/**
 * Why a record was dead-lettered, in one line: the reason's label, the model calls spent, and the top
 * issue with how many attempts had it (else the reason's message); and the next step for `state`.
 */
export function dlqWhy(record: DlqRecord, state: EntryState): DlqWhy {
  const topIssue = topIssueOf(record);
  const calls = record.totals.modelCalls;
  const spent = `${dlqReasonLabel(record.reason)} after ${calls} model call${calls === 1 ? '' : 's'}`;
  const why = topIssue
    ? `${spent}; top issue (seen ${topIssue.count}×) ${topIssueText(topIssue)}`
    : `${spent}: ${record.reason.message}`;
  return { why, topIssue, next: dlqNextStep(record, state) };
}
