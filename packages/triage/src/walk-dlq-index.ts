import {
  countDlqIndexes,
  type DlqIndexed,
  type DlqIndexItem,
  type DlqIndexName,
  type DlqTimeWindow,
  type QuarryKeys,
  type RedisClient,
  readDlqIndexEntries,
  readDlqIndexPage,
} from '@quarry/queue';
import type { DlqSelectors } from './dlq-selectors';
import { entryMatchesSelectors } from './select-records';

/** Options of {@link walkDlqIndex}. */
export interface WalkDlqIndexOptions {
  readonly redis: RedisClient;
  readonly keys: QuarryKeys;
  /** Parsed selectors; `ids` and `limit` are the caller's. */
  readonly selectors: DlqSelectors;
  /** Index items read per round trip. */
  readonly pageSize: number;
  /** Continue strictly after this item (the last one a previous walk gave); from the newest without it. */
  readonly after?: DlqIndexItem | undefined;
}

/** The indexes each of which holds every record the selectors can match (the time index without any). */
export function candidateIndexes(selectors: DlqSelectors): DlqIndexName[] {
  const indexes: DlqIndexName[] = [];
  if (selectors.fingerprint !== undefined)
    indexes.push({ by: 'fingerprint', fingerprint: selectors.fingerprint });
  if (selectors.workflow !== undefined) indexes.push({ by: 'workflow', workflow: selectors.workflow });
  if (selectors.reason !== undefined) indexes.push({ by: 'reason', reason: selectors.reason });
  return indexes.length > 0 ? indexes : [{ by: 'time' }];
}

/** The time window of the selectors, in ms, both ends inclusive. */
export function timeWindowOf(selectors: DlqSelectors): DlqTimeWindow {
  return { since: selectors.since?.getTime(), until: selectors.until?.getTime() };
}

/**
 * The records matching the selectors (but `ids`), newest first, as index entries, one page at a time,
 * without reading a record. The time window bounds the walk; of the indexes that hold every possible
 * match (the fingerprint's, the workflow's, the reason's, else all records), the one with the fewest
 * records in the window is walked (one ZCOUNT each) and each page is filtered by the other selectors
 * through its entries. That costs O(page) for the common cases (one selector, or a selective one) and
 * at worst O(smallest index), never more than an intersection (ZINTER reads the smallest set whole and
 * would write a temporary key); and it stops as soon as the caller has enough.
 */
export async function* walkDlqIndex(options: WalkDlqIndexOptions): AsyncGenerator<DlqIndexed[]> {
  const { redis, keys, selectors, pageSize } = options;
  const window = timeWindowOf(selectors);
  const indexes = candidateIndexes(selectors);
  let index = indexes[0] as DlqIndexName;
  if (indexes.length > 1) {
    const counts = await countDlqIndexes({ redis, keys, indexes, window });
    index = indexes[counts.indexOf(Math.min(...counts))] as DlqIndexName;
  }
  for (let after = options.after; ; ) {
    const page = await readDlqIndexPage({ redis, keys, index, window, after, limit: pageSize });
    if (page.length === 0) return;
    const entries = await readDlqIndexEntries({ redis, keys, dlqIds: page.map((item) => item.dlqId) });
    const matched = entries.filter(
      (indexed): indexed is DlqIndexed => indexed !== null && entryMatchesSelectors(indexed.entry, selectors),
    );
    if (matched.length > 0) yield matched;
    if (page.length < pageSize) return;
    after = page.at(-1);
  }
}
