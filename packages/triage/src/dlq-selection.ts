import {
  countDlqIndexes,
  type DlqIndexed,
  type DlqIndexItem,
  type DlqRecord,
  type QuarryKeys,
  type RedisClient,
  readDlqIndexEntries,
} from '@quarry/queue';
import type { DlqReader } from './dlq-reader';
import type { DlqSelectors } from './dlq-selectors';
import { DlqRecordNotFoundError } from './errors/dlq-record-not-found-error';
import { entryMatchesSelectors, matchesSelectors, selectRecords } from './select-records';
import { candidateIndexes, timeWindowOf, walkDlqIndex } from './walk-dlq-index';

/** Records read at least per page of a list, however small its limit (a page's entries are cheap). */
const MIN_LIST_PAGE = 50;

/** Where a {@link DlqSelection} reads the DLQ indexes and records. */
interface DlqSelectionOptions {
  readonly redis: RedisClient;
  readonly keys: QuarryKeys;
  readonly reader: DlqReader;
  /** Index items and records read per round trip. */
  readonly pageSize: number;
}

/** Finds the records parsed selectors name: by id, or through the DLQ indexes, newest first. */
export class DlqSelection {
  readonly #options: DlqSelectionOptions;

  constructor(options: DlqSelectionOptions) {
    this.#options = options;
  }

  /** The records of `ids` matching the other selectors, newest first, cut at `limit`. @throws DlqRecordNotFoundError */
  async byIds(ids: readonly string[], selectors: DlqSelectors): Promise<DlqRecord[]> {
    const unique = [...new Set(ids)];
    const found = await Promise.all(unique.map((id) => this.#options.reader.get(id)));
    const missing = unique.filter((_, i) => !found[i]);
    if (missing.length > 0) throw new DlqRecordNotFoundError({ dlqIds: missing });
    return selectRecords(found as DlqRecord[], selectors);
  }

  /** Index entries of the records matching the selectors (but `ids`), newest first, cut at `limit`; no record is read. */
  async entries(selectors: DlqSelectors): Promise<DlqIndexed[]> {
    const limit = selectors.limit ?? Number.POSITIVE_INFINITY;
    const found: DlqIndexed[] = [];
    for await (const page of walkDlqIndex({ ...this.#walk(selectors), pageSize: this.#options.pageSize })) {
      found.push(...page.slice(0, limit - found.length));
      if (found.length >= limit) break;
    }
    return found;
  }

  /**
   * The readable records matching the selectors, newest first, cut at `limit`: by id, or a page of the
   * index at a time, reading only the records kept (unreadable ones are reported and skipped). With
   * `after` (see {@link cursor}), only the records after it in that order.
   */
  async records(selectors: DlqSelectors, after?: DlqIndexItem): Promise<DlqRecord[]> {
    if (selectors.ids) {
      const { limit, ...uncut } = selectors;
      const found = await this.byIds(selectors.ids, uncut);
      const rest = after ? found.filter((record) => isAfter(record, after)) : found;
      return limit === undefined ? rest : rest.slice(0, limit);
    }
    const limit = selectors.limit ?? Number.POSITIVE_INFINITY;
    const pageSize = Math.min(Math.max(limit, MIN_LIST_PAGE), this.#options.pageSize);
    const records: DlqRecord[] = [];
    for await (const page of walkDlqIndex({ ...this.#walk(selectors), pageSize, after })) {
      for (let start = 0; start < page.length && records.length < limit; ) {
        const chunk = page.slice(start, start + limit - records.length);
        start += chunk.length;
        const read = await Promise.all(chunk.map(({ entry }) => this.#options.reader.read(entry.dlqId)));
        for (const record of read) if (record && matchesSelectors(record, selectors)) records.push(record);
      }
      if (records.length >= limit) break;
    }
    return records;
  }

  /** Where a list continues after the record `dlqId` (its place in the indexes). @throws DlqRecordNotFoundError when it is not indexed. */
  async cursor(dlqId: string): Promise<DlqIndexItem> {
    const [indexed] = await readDlqIndexEntries({
      redis: this.#options.redis,
      keys: this.#options.keys,
      dlqIds: [dlqId],
    });
    if (!indexed) throw new DlqRecordNotFoundError({ dlqIds: [dlqId] });
    return { dlqId, at: indexed.entry.at };
  }

  /**
   * How many records the selectors match, cut at `limit`, from the indexes alone (no record is read):
   * one ZCOUNT when one index selects exactly (no selector, or only one of fingerprint, workflow and
   * reason, with or without a time window); else the index entries the walk goes through are counted,
   * O(smallest candidate index in the window) entries. With `ids`, their entries are looked up (ids
   * not indexed are not counted).
   */
  async count(selectors: DlqSelectors): Promise<number> {
    const limit = selectors.limit ?? Number.POSITIVE_INFINITY;
    if (selectors.ids) {
      const dlqIds = [...new Set(selectors.ids)];
      const found = await readDlqIndexEntries({
        redis: this.#options.redis,
        keys: this.#options.keys,
        dlqIds,
      });
      const matched = found.filter((indexed) => indexed && entryMatchesSelectors(indexed.entry, selectors));
      return Math.min(matched.length, limit);
    }
    const indexes = candidateIndexes(selectors);
    if (indexes.length === 1 && selectors.version === undefined) {
      const window = timeWindowOf(selectors);
      const [count = 0] = await countDlqIndexes({
        redis: this.#options.redis,
        keys: this.#options.keys,
        indexes,
        window,
      });
      return Math.min(count, limit);
    }
    return (await this.entries(selectors)).length;
  }

  #walk(selectors: DlqSelectors) {
    return { redis: this.#options.redis, keys: this.#options.keys, selectors };
  }
}

/** True when `record` comes after `item` newest first (ties by DLQ id, descending), as in the indexes. */
function isAfter(record: DlqRecord, item: DlqIndexItem): boolean {
  const at = Date.parse(record.deadLetteredAt);
  return at < item.at || (at === item.at && record.dlqId < item.dlqId);
}
