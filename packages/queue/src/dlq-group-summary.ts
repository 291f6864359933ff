import type { DlqIndexed } from './dlq-index-entries';
import { type DlqIndexEntry, type DlqIssueCount, DlqIndexEntry as EntrySchema } from './dlq-index-entry';

/**
 * What the DLQ indexes sum up of one fingerprint group (the records that failed alike). Kept by the
 * index scripts as records are written, replayed and removed (`readDlqGroupSummaries`), or tallied
 * from index entries ({@link tallyDlqGroups}); both give the same summary for the same records.
 */
export interface DlqGroupSummary {
  readonly fingerprint: string;
  readonly count: number;
  /** Records per `workflow@vN`. */
  readonly workflows: Readonly<Record<string, number>>;
  readonly states: {
    readonly replayed: number;
    /** Records stored as quarantined (and not replayed). */
    readonly quarantined: number;
    /** The other records, by the redrive count of their chain (the reader judges quarantine by it). */
    readonly deadByRedrives: Readonly<Record<string, number>>;
  };
  /** Issue counts over every attempt of the group; each example is from the oldest record with it. */
  readonly issues: readonly DlqIssueCount[];
  /** The oldest record (time, then DLQ id) and the newest. */
  readonly oldest: DlqIndexEntry;
  readonly newest: DlqIndexEntry;
}

/** True when `a` sorts before `b` in the indexes: earlier, then by DLQ id in code-unit order. */
const before = (a: DlqIndexEntry, b: DlqIndexEntry): boolean =>
  a.at < b.at || (a.at === b.at && a.dlqId < b.dlqId);

const add = (counts: Record<string, number>, key: string, by: number) => {
  counts[key] = (counts[key] ?? 0) + by;
};

/** Sums up indexed records by fingerprint, as the index scripts do (groups in no particular order). */
export function tallyDlqGroups(records: Iterable<DlqIndexed>): DlqGroupSummary[] {
  const groups = new Map<
    string,
    {
      count: number;
      workflows: Record<string, number>;
      replayed: number;
      quarantined: number;
      deadByRedrives: Record<string, number>;
      issues: Map<string, DlqIssueCount & { from: DlqIndexEntry }>;
      oldest: DlqIndexEntry;
      newest: DlqIndexEntry;
    }
  >();
  for (const { entry, state } of records) {
    let group = groups.get(entry.fingerprint);
    if (!group) {
      group = {
        count: 0,
        workflows: {},
        replayed: 0,
        quarantined: 0,
        deadByRedrives: {},
        issues: new Map(),
        oldest: entry,
        newest: entry,
      };
      groups.set(entry.fingerprint, group);
    }
    group.count += 1;
    add(group.workflows, entry.workflowLabel, 1);
    if (state === 'dead') add(group.deadByRedrives, String(entry.redriveCount), 1);
    else group[state] += 1;
    if (before(entry, group.oldest)) group.oldest = entry;
    if (before(group.newest, entry)) group.newest = entry;
    for (const issue of entry.issues) {
      const known = group.issues.get(issue.signature);
      if (!known) group.issues.set(issue.signature, { ...issue, from: entry });
      else {
        known.count += issue.count;
        if (before(entry, known.from)) Object.assign(known, { example: issue.example, from: entry });
      }
    }
  }
  return [...groups].map(([fingerprint, group]) => ({
    fingerprint,
    count: group.count,
    workflows: group.workflows,
    states: {
      replayed: group.replayed,
      quarantined: group.quarantined,
      deadByRedrives: group.deadByRedrives,
    },
    issues: [...group.issues.values()].map(({ signature, count, example }) => ({
      signature,
      count,
      example,
    })),
    oldest: group.oldest,
    newest: group.newest,
  }));
}

/**
 * A group summary from what `read-dlq-group-3` replies (the group hash as a flat list, the oldest and
 * newest entries), or null for a group that is gone.
 */
export function parseDlqGroupSummary(
  fingerprint: string,
  reply: readonly [readonly string[], string | null, string | null],
): DlqGroupSummary | null {
  const [flat, oldestText, newestText] = reply;
  if (oldestText === null || newestText === null) return null;
  const oldest = EntrySchema.safeParse(JSON.parse(oldestText));
  const newest = EntrySchema.safeParse(JSON.parse(newestText));
  if (!oldest.success || !newest.success) return null;
  const workflows: Record<string, number> = {};
  const deadByRedrives: Record<string, number> = {};
  const counts = new Map<string, number>();
  const examples = new Map<string, string>();
  let count = 0;
  let replayed = 0;
  let quarantined = 0;
  for (let i = 0; i + 1 < flat.length; i += 2) {
    const field = flat[i] as string;
    const value = flat[i + 1] as string;
    const rest = field.slice(2);
    if (field === 'count') count = Number(value);
    else if (field === 's:replayed') replayed = Number(value);
    else if (field === 's:quarantined') quarantined = Number(value);
    else if (field.startsWith('w:')) workflows[rest] = Number(value);
    else if (field.startsWith('r:')) deadByRedrives[rest] = Number(value);
    else if (field.startsWith('i:')) counts.set(rest, Number(value));
    else if (field.startsWith('e:')) examples.set(rest, value);
  }
  if (count <= 0) return null;
  return {
    fingerprint,
    count,
    workflows,
    states: { replayed, quarantined, deadByRedrives },
    issues: [...counts].map(([signature, n]) => ({
      signature,
      count: n,
      example: examples.get(signature) ?? '',
    })),
    oldest: oldest.data,
    newest: newest.data,
  };
}
