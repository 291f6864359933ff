import { type DlqReasonLabel, type DlqRecord, dlqReasonLabel } from '@quarry/queue';
import { type EntryState, entryState, issueCounts } from './dlq-summary';

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
  /** Most frequent issue signatures over every attempt of the group. */
  readonly topIssues: readonly GroupIssue[];
}

/** Groups records by fingerprint, largest group first (ties: most recent first). */
export function fingerprintGroupsOf(
  records: Iterable<DlqRecord>,
  options: { readonly maxRedrives: number; readonly topIssues: number },
): FingerprintGroup[] {
  const byFingerprint = new Map<string, DlqRecord[]>();
  for (const record of records) {
    const group = byFingerprint.get(record.fingerprint) ?? [];
    group.push(record);
    byFingerprint.set(record.fingerprint, group);
  }
  const groups = [...byFingerprint].map(([fingerprint, members]) => {
    members.sort((a, b) => Date.parse(a.deadLetteredAt) - Date.parse(b.deadLetteredAt));
    const first = members[0] as DlqRecord;
    const last = members.at(-1) as DlqRecord;
    const workflows = tally(members.map((record) => `${record.workflow}@v${record.version ?? '?'}`));
    const issues = new Map<string, GroupIssue>();
    for (const record of members) {
      for (const issue of issueCounts(record)) {
        const known = issues.get(issue.signature);
        issues.set(issue.signature, known ? { ...known, count: known.count + issue.count } : issue);
      }
    }
    const states: Record<EntryState, number> = { dead: 0, replayed: 0, quarantined: 0 };
    for (const record of members) states[entryState(record, options.maxRedrives)] += 1;
    return {
      fingerprint,
      count: members.length,
      reason: dlqReasonLabel(last.reason),
      message: last.reason.message,
      workflows: workflows.map(([name]) => name),
      firstSeen: first.deadLetteredAt,
      lastSeen: last.deadLetteredAt,
      states,
      topIssues: [...issues.values()]
        .sort((a, b) => b.count - a.count || a.signature.localeCompare(b.signature))
        .slice(0, options.topIssues),
    } satisfies FingerprintGroup;
  });
  return groups.sort((a, b) => b.count - a.count || Date.parse(b.lastSeen) - Date.parse(a.lastSeen));
}

function tally(values: readonly string[]): [string, number][] {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts].sort(([a, ca], [b, cb]) => cb - ca || a.localeCompare(b));
}
