import type { DlqIndexed, DlqRecord, QuarryKeys, RedisClient } from '@quarry/queue';
import type { DlqReader } from './dlq-reader';
import type { DlqSelectors } from './dlq-selectors';
import { DlqRecordNotFoundError } from './errors/dlq-record-not-found-error';
import { matchesSelectors, selectRecords } from './select-records';
import { walkDlqIndex } from './walk-dlq-index';

/** Records read at least per page of a list, however small its limit (a page's entries are cheap). */
const MIN_LIST_PAGE = 50;

/** Finds the records parsed selectors name: by id, or through the DLQ indexes, newest first. */
export class DlqSelection {
  readonly #redis: RedisClient;
  readonly #keys: QuarryKeys;
  readonly #reader: DlqReader;
  readonly #pageSize: number;

  constructor(options: {
    readonly redis: RedisClient;
    readonly keys: QuarryKeys;
    readonly reader: DlqReader;
    /** Index items and records read per round trip. */
    readonly pageSize: number;
  }) {
    this.#redis = options.redis;
    this.#keys = options.keys;
    this.#reader = options.reader;
    this.#pageSize = options.pageSize;
  }

  /** The records of `ids` matching the other selectors, newest first, cut at `limit`. @throws DlqRecordNotFoundError */
  async byIds(ids: readonly string[], selectors: DlqSelectors): Promise<DlqRecord[]> {
    const unique = [...new Set(ids)];
    const found = await Promise.all(unique.map((id) => this.#reader.get(id)));
    const missing = unique.filter((_, i) => !found[i]);
    if (missing.length > 0) throw new DlqRecordNotFoundError({ dlqIds: missing });
    return selectRecords(found as DlqRecord[], selectors);
  }

  /** Index entries of the records matching the selectors (but `ids`), newest first, cut at `limit`; no record is read. */
  async entries(selectors: DlqSelectors): Promise<DlqIndexed[]> {
    const limit = selectors.limit ?? Number.POSITIVE_INFINITY;
    const found: DlqIndexed[] = [];
    for await (const page of walkDlqIndex({ ...this.#walk(selectors), pageSize: this.#pageSize })) {
      found.push(...page.slice(0, limit - found.length));
      if (found.length >= limit) break;
    }
    return found;
  }

  /**
   * The readable records matching the selectors, newest first, cut at `limit`: by id, or a page of the
   * index at a time, reading only the records kept (unreadable ones are reported and skipped).
   */
  async records(selectors: DlqSelectors): Promise<DlqRecord[]> {
    if (selectors.ids) return this.byIds(selectors.ids, selectors);
    const limit = selectors.limit ?? Number.POSITIVE_INFINITY;
    const pageSize = Math.min(Math.max(limit, MIN_LIST_PAGE), this.#pageSize);
    const records: DlqRecord[] = [];
    for await (const page of walkDlqIndex({ ...this.#walk(selectors), pageSize })) {
      for (let start = 0; start < page.length && records.length < limit; ) {
        const chunk = page.slice(start, start + limit - records.length);
        start += chunk.length;
        const read = await Promise.all(chunk.map(({ entry }) => this.#reader.read(entry.dlqId)));
        for (const record of read) if (record && matchesSelectors(record, selectors)) records.push(record);
      }
      if (records.length >= limit) break;
    }
    return records;
  }

  #walk(selectors: DlqSelectors) {
    return { redis: this.#redis, keys: this.#keys, selectors };
  }
}
