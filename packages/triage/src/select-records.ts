import { type DlqRecord, reasonMatches } from '@quarry/queue';
import type { DlqSelectors } from './dlq-selectors';

/** True when `record` matches every selector given (ids and limit are applied by the caller). */
export function matchesSelectors(record: DlqRecord, selectors: DlqSelectors): boolean {
  if (selectors.ids && !selectors.ids.includes(record.dlqId)) return false;
  if (selectors.fingerprint !== undefined && record.fingerprint !== selectors.fingerprint) return false;
  if (selectors.workflow !== undefined && record.workflow !== selectors.workflow) return false;
  if (selectors.version !== undefined && record.version !== selectors.version) return false;
  if (selectors.reason !== undefined && !reasonMatches(record.reason, selectors.reason)) return false;
  const at = Date.parse(record.deadLetteredAt);
  if (selectors.since && at < selectors.since.getTime()) return false;
  if (selectors.until && at > selectors.until.getTime()) return false;
  return true;
}

/** Newest dead-lettered first; ties by DLQ id, so the order is stable. */
export function newestFirst(a: DlqRecord, b: DlqRecord): number {
  return Date.parse(b.deadLetteredAt) - Date.parse(a.deadLetteredAt) || a.dlqId.localeCompare(b.dlqId);
}

/** The records matching the selectors, newest first, cut at `limit`. */
export function selectRecords(records: Iterable<DlqRecord>, selectors: DlqSelectors): DlqRecord[] {
  const matched = [...records].filter((record) => matchesSelectors(record, selectors)).sort(newestFirst);
  return selectors.limit === undefined ? matched : matched.slice(0, selectors.limit);
}
