import { type DlqIndexEntry, type DlqRecord, reasonMatches } from '@quarry/queue';
import type { DlqSelectors } from './dlq-selectors';

/** True when an indexed record matches every selector given (ids and limit are applied by the caller). */
export function entryMatchesSelectors(entry: DlqIndexEntry, selectors: DlqSelectors): boolean {
  if (selectors.fingerprint !== undefined && entry.fingerprint !== selectors.fingerprint) return false;
  if (selectors.workflow !== undefined && entry.workflow !== selectors.workflow) return false;
  if (selectors.version !== undefined && entry.version !== selectors.version) return false;
  if (selectors.reason !== undefined && selectors.reason !== entry.kind && selectors.reason !== entry.label) {
    return false;
  }
  if (selectors.since && entry.at < selectors.since.getTime()) return false;
  if (selectors.until && entry.at > selectors.until.getTime()) return false;
  return true;
}

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

/** Newest dead-lettered first; ties by DLQ id, descending: the order of the DLQ indexes. */
export function newestFirst(a: DlqRecord, b: DlqRecord): number {
  const byTime = Date.parse(b.deadLetteredAt) - Date.parse(a.deadLetteredAt);
  return byTime || (a.dlqId < b.dlqId ? 1 : a.dlqId > b.dlqId ? -1 : 0);
}

/** The records matching the selectors, newest first, cut at `limit`. */
export function selectRecords(records: Iterable<DlqRecord>, selectors: DlqSelectors): DlqRecord[] {
  const matched = [...records].filter((record) => matchesSelectors(record, selectors)).sort(newestFirst);
  return selectors.limit === undefined ? matched : matched.slice(0, selectors.limit);
}
