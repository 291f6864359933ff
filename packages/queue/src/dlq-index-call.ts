import { type DlqIndexEntry, dlqIndexEntry, dlqIndexState } from './dlq-index-entry';
import type { DlqRecord } from './dlq-record';
import type { QuarryKeys } from './keys';

/** The version of the DLQ indexes a fully indexed DLQ is marked with (`keys.dlq.version()`). */
export const DLQ_INDEX_VERSION = '1';

/** The facts that name a record's index keys. */
export type DlqIndexFacts = Pick<DlqIndexEntry, 'workflow' | 'kind' | 'label' | 'fingerprint'>;

/** The index keys of a record with these facts, in the order of `unindex-dlq-record-12`'s KEYS[4..11]. */
function recordKeys(keys: QuarryKeys, facts: DlqIndexFacts): string[] {
  const { dlq } = keys;
  return [
    dlq.byTime(),
    dlq.byWorkflow(facts.workflow),
    dlq.byReason(facts.kind),
    dlq.byReason(facts.label),
    dlq.byFingerprint(facts.fingerprint),
    dlq.groups(),
    dlq.group(facts.fingerprint),
    dlq.groupExamples(facts.fingerprint),
  ];
}

/**
 * KEYS and ARGV of `index-dlq-record-14` for a record: `write` from the dead-letter writer (in its
 * MULTI), `backfill` for a record already stored.
 */
export function indexDlqRecordCall(options: {
  readonly keys: QuarryKeys;
  readonly record: DlqRecord;
  /** The DLQ job hash of the record (`dlq.toKey(dlqId)`). */
  readonly jobKey: string;
  readonly mode: 'write' | 'backfill';
}): string[] {
  const { keys, record } = options;
  const entry = dlqIndexEntry(record);
  const state = dlqIndexState(record);
  return [
    keys.dlqIndex(),
    keys.dlq.version(),
    keys.dlq.entries(),
    keys.dlq.states(),
    ...recordKeys(keys, entry),
    keys.dlq.replayed(),
    options.jobKey,
    options.mode,
    record.dlqId,
    record.sourceJobId,
    JSON.stringify(entry),
    String(entry.at),
    state,
    state === 'replayed' && record.replay ? String(Date.parse(record.replay.replayedAt)) : '',
    DLQ_INDEX_VERSION,
  ];
}

/** KEYS and ARGV of `unindex-dlq-record-12` for a record indexed with `facts` (null: not indexed). */
export function unindexDlqRecordCall(options: {
  readonly keys: QuarryKeys;
  readonly sourceJobId: string;
  readonly dlqId: string;
  readonly facts: DlqIndexFacts | null;
}): string[] {
  const { keys, facts } = options;
  const named = facts ?? { workflow: '', kind: 'unexpected', label: 'unexpected', fingerprint: '' };
  return [
    keys.dlqIndex(),
    keys.dlq.entries(),
    keys.dlq.states(),
    ...recordKeys(keys, named),
    keys.dlq.replayed(),
    options.sourceJobId,
    options.dlqId,
    facts?.fingerprint ?? '',
    facts?.workflow ?? '',
    facts?.kind ?? '',
    facts?.label ?? '',
  ];
}

/** KEYS and ARGV of `mark-dlq-replayed-4` for a record replayed at `replayedAt`. */
export function markDlqReplayedCall(options: {
  readonly keys: QuarryKeys;
  readonly record: DlqRecord;
  readonly replayedAt: Date;
}): string[] {
  const { dlq } = options.keys;
  const { fingerprint } = dlqIndexEntry(options.record);
  return [
    dlq.entries(),
    dlq.states(),
    dlq.group(fingerprint),
    dlq.replayed(),
    options.record.dlqId,
    String(options.replayedAt.getTime()),
  ];
}
