import {
  type DlqGroupSummary,
  type DlqReasonLabel,
  type DlqRecord,
  dlqIndexEntry,
  dlqIndexState,
  tallyDlqGroups,
} from '@quarry/queue';
import type { EntryState } from './dlq-summary';

/** One issue of a fingerprint group: its signature, how often it occurred, one example message. */
export interface GroupIssue {
  readonly signature: string;
  readonly count: number;
  readonly example: string;
}

/** DLQ records that failed alike (same fingerprint), summed up. */
export interface FingerprintGroup {
  readonly fingerprint: string;
  readonly count: number;
  /** The reason label, e.g. `validation_exhausted` or `refused:cyber` (part of the fingerprint, so one per group). */
  readonly reason: DlqReasonLabel;
  /** The latest record's reason message. */
  readonly message: string;
  /** `workflow@vN` of the records, most frequent first. */
  readonly workflows: readonly string[];
  readonly firstSeen: string;
  readonly lastSeen: string;
  readonly states: Readonly<Record<EntryState, number>>;
  /** Most frequent issue signatures over every attempt of the group; each example is from the oldest record with it. */
  readonly topIssues: readonly GroupIssue[];
}

/** How groups are judged and cut. */
export interface FingerprintGroupOptions {
  /** Redrives from which a record counts as quarantined. */
  readonly maxRedrives: number;
  /** Issues listed per group. */
  readonly topIssues: number;
}

/** A group as people see it, from what the DLQ indexes sum up of it. */
export function fingerprintGroupOf(
  summary: DlqGroupSummary,
  options: FingerprintGroupOptions,
): FingerprintGroup {
  let dead = 0;
  let quarantined = summary.states.quarantined;
  for (const [redrives, count] of Object.entries(summary.states.deadByRedrives)) {
    if (Number(redrives) >= options.maxRedrives) quarantined += count;
    else dead += count;
  }
  return {
    fingerprint: summary.fingerprint,
    count: summary.count,
    reason: summary.newest.label,
    message: summary.newest.message,
    workflows: Object.entries(summary.workflows)
      .sort(([a, ca], [b, cb]) => cb - ca || a.localeCompare(b))
      .map(([name]) => name),
    firstSeen: summary.oldest.deadLetteredAt,
    lastSeen: summary.newest.deadLetteredAt,
    states: { dead, replayed: summary.states.replayed, quarantined },
    topIssues: [...summary.issues]
      .sort((a, b) => b.count - a.count || a.signature.localeCompare(b.signature))
      .slice(0, options.topIssues),
  };
}

/** Largest group first; ties: most recent first, then by fingerprint. */
export function largestFirst(a: FingerprintGroup, b: FingerprintGroup): number {
  return (
    b.count - a.count ||
    Date.parse(b.lastSeen) - Date.parse(a.lastSeen) ||
    a.fingerprint.localeCompare(b.fingerprint)
  );
}

/** Groups records by fingerprint, largest group first, as the DLQ indexes would sum them up. */
export function fingerprintGroupsOf(
  records: Iterable<DlqRecord>,
  options: FingerprintGroupOptions,
): FingerprintGroup[] {
  const indexed = [...records].map((record) => ({
    entry: dlqIndexEntry(record),
    state: dlqIndexState(record),
  }));
  return tallyDlqGroups(indexed)
    .map((summary) => fingerprintGroupOf(summary, options))
    .sort(largestFirst);
}
