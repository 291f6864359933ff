import type { ReviewEntry } from '@quarry/queue';

/** Review entries that were flagged for the same kind of reason on the same field. */
export interface ReviewGroup<T> {
  /** The reason with its numbers as `#` (`confidence is #, below the review threshold #`), or a rule's id. */
  readonly reason: string;
  /** The field first to look at, array indices as `[]` (`lineItems[].amount`); `''` when none is named. */
  readonly field: string;
  readonly rows: readonly T[];
}

/** A rule reason `ruleId: path: message` names its rule by a leading identifier. */
const RULE_REASON = /^([A-Za-z][\w.-]{0,63}): /;

/** The kind of a reason line: a rule's id, else the line with its numbers as `#`. */
export function reasonKind(reason: string): string {
  const rule = RULE_REASON.exec(reason);
  if (rule?.[1]) return rule[1];
  return reason.replace(/-?\d+(\.\d+)?/g, '#').slice(0, 200);
}

/** The field a person looks at first: the weakest field's path, else the path a rule reason names. */
export function reviewField(entry: Pick<ReviewEntry, 'weakFields' | 'reasons'>): string {
  const weakest = [...(entry.weakFields ?? [])].sort((a, b) => a.confidence - b.confidence)[0];
  const rulePath = /^[A-Za-z][\w.-]{0,63}: ([\w.[\]]{1,200}): /.exec(entry.reasons[0] ?? '')?.[1];
  return (weakest?.path ?? rulePath ?? '').replace(/\[\d+\]/g, '[]');
}

/**
 * Groups rows by the kind of their first reason and their first field, largest group first (ties by
 * reason, then field); rows keep their order (oldest first) within a group.
 */
export function reviewGroups<T>(rows: readonly T[], entryOf: (row: T) => ReviewEntry): ReviewGroup<T>[] {
  const groups = new Map<string, { reason: string; field: string; rows: T[] }>();
  for (const row of rows) {
    const entry = entryOf(row);
    const reason = reasonKind(entry.reasons[0] ?? '');
    const field = reviewField(entry);
    const key = JSON.stringify([reason, field]);
    const group = groups.get(key) ?? { reason, field, rows: [] };
    group.rows.push(row);
    groups.set(key, group);
  }
  return [...groups.values()].sort(
    (a, b) =>
      b.rows.length - a.rows.length || a.reason.localeCompare(b.reason) || a.field.localeCompare(b.field),
  );
}
