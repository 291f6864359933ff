import { LabelledItem, type LabelledItemInput, LabelledSetName, type LabelledSetSummary } from '@quarry/core';
import { BlobGcMarks } from './blob-gc-marks';
import type { QuarryKeys } from './keys';
import { labelledSetDefaults } from './labelled-set-defaults';
import { LabelledSetInputError } from './labelled-set-input-error';
import { LabelledSetLimitError } from './labelled-set-limit-error';
import { checkedName, problemsOf, readLabelledItem, type UnreadableLabelledItem } from './read-labelled-item';
import type { RedisClient } from './redis-connection';
import { type QuarryScriptCommands, withQuarryScripts } from './scripts/quarry-scripts';
import { utf8Bytes } from './utf8-bytes';

/** Options of {@link LabelledSetStore}. */
export interface LabelledSetStoreOptions {
  readonly redis: RedisClient;
  readonly keys: QuarryKeys;
  /** Default {@link labelledSetDefaults}.maxItems. */
  readonly maxItems?: number;
  /** Clock in milliseconds. Default `Date.now`. */
  readonly now?: () => number;
}

/** One page of a set's items, in id order. */
export interface LabelledItemPage {
  readonly items: LabelledItem[];
  readonly unreadable: UnreadableLabelledItem[];
  /** The `after` of the next page; null after the last. */
  readonly next: string | null;
}

/** What a put did: `added` a new id or `replaced` the item of that id; `items` the set holds now. */
export interface LabelledPut {
  readonly status: 'added' | 'replaced';
  readonly items: number;
}

/** A put that also acknowledges a job's review entry found the job no longer waiting; nothing was written. */
export interface NotInReview {
  readonly status: 'not_in_review';
}

/**
 * Labelled sets in Redis, by name: each item (a {@link LabelledItem}) in a hash by id, the ids in a
 * sorted set for paging, the workflows the items name counted, and an index of the sets by last
 * update. A put is one script call (`put-labelled-item-7`), a delete one MULTI: nothing is ever
 * half-written. Every item read back is checked against the schema; an unreadable one is reported
 * with its problem. Sets are not subject to job retention: they stay until deleted. A put of an
 * item with a document in the blob store marks the blob first (`BlobGcMarks`), as producers do, so
 * a `blobs gc` that has already read its references cannot delete it.
 */
export class LabelledSetStore {
  readonly #redis: RedisClient & QuarryScriptCommands;
  readonly #keys: QuarryKeys;
  readonly #marks: BlobGcMarks;
  readonly #maxItems: number;
  readonly #now: () => number;

  constructor(options: LabelledSetStoreOptions) {
    this.#maxItems = options.maxItems ?? labelledSetDefaults.maxItems;
    if (!(Number.isSafeInteger(this.#maxItems) && this.#maxItems >= 1)) {
      throw new TypeError(`maxItems must be a positive whole number, got ${this.#maxItems}`);
    }
    this.#redis = withQuarryScripts(options.redis);
    this.#keys = options.keys;
    this.#marks = new BlobGcMarks({ redis: options.redis, keys: options.keys });
    this.#now = options.now ?? Date.now;
  }

  /**
   * Puts `item` into `set` (created on its first item), replacing the item of the same id. With
   * `acknowledgeReview`, acknowledges that job's review entry in the same step, and writes nothing
   * when it is no longer waiting.
   * @throws LabelledSetInputError for a bad set name or item; LabelledSetLimitError for a full set or an oversize item.
   */
  async put(
    set: string,
    item: LabelledItemInput,
    options: { readonly acknowledgeReview?: string } = {},
  ): Promise<LabelledPut | NotInReview> {
    const name = checkedName(set);
    const parsed = LabelledItem.safeParse(item);
    if (!parsed.success) throw new LabelledSetInputError({ problems: problemsOf(parsed.error, 'item') });
    const valid = parsed.data;
    const expectedBytes = utf8Bytes(JSON.stringify(valid.expected));
    if (expectedBytes > labelledSetDefaults.maxExpectedBytes) {
      throw this.#limit(
        name,
        valid.id,
        'expected_bytes',
        labelledSetDefaults.maxExpectedBytes,
        expectedBytes,
      );
    }
    const json = JSON.stringify(valid);
    const itemBytes = utf8Bytes(json);
    if (itemBytes > labelledSetDefaults.maxItemBytes) {
      throw this.#limit(name, valid.id, 'item_bytes', labelledSetDefaults.maxItemBytes, itemBytes);
    }
    if (valid.document.kind === 'blob') await this.#marks.markUse({ key: valid.document.key });
    const keys = this.#keys.labelledSets;
    const [status, items] = await this.#redis.quarryPutLabelledItem(
      keys.index(),
      keys.items(name),
      keys.ids(name),
      keys.itemWorkflows(name),
      keys.workflows(name),
      this.#keys.reviewPending(),
      this.#keys.reviewEntries(),
      name,
      valid.id,
      json,
      valid.workflow?.name ?? '',
      this.#now(),
      this.#maxItems,
      options.acknowledgeReview ?? '',
    );
    switch (status) {
      case 'added':
      case 'replaced':
        return { status, items: Number(items) };
      case 'not_in_review':
        return { status };
      case 'full':
        throw this.#limit(name, valid.id, 'items', this.#maxItems, Number(items));
      default:
        throw new TypeError(`quarryPutLabelledItem replied ${String(status).slice(0, 40)}`);
    }
  }

  /** One item, or null when the set holds no item by that id. */
  async get(set: string, id: string): Promise<{ item: LabelledItem } | UnreadableLabelledItem | null> {
    const text = await this.#redis.hget(this.#keys.labelledSets.items(checkedName(set)), id);
    if (text === null) return null;
    const read = readLabelledItem(id, text);
    return 'problem' in read ? read : { item: read };
  }

  /**
   * A page of a set's items in id order, from after `after` (the `next` of the page before): at
   * most `limit` (default 100, at most 500). An empty page for a set that does not exist.
   */
  async read(
    set: string,
    options: { readonly after?: string; readonly limit?: number } = {},
  ): Promise<LabelledItemPage> {
    const name = checkedName(set);
    const limit = clamp(options.limit ?? labelledSetDefaults.pageItems, 1, labelledSetDefaults.maxPageItems);
    const keys = this.#keys.labelledSets;
    const start = options.after === undefined ? '-' : `(${options.after}`;
    const ids = await this.#redis.zrangebylex(keys.ids(name), start, '+', 'LIMIT', 0, limit);
    if (ids.length === 0) return { items: [], unreadable: [], next: null };
    const stored = await this.#redis.hmget(keys.items(name), ...ids);
    const items: LabelledItem[] = [];
    const unreadable: UnreadableLabelledItem[] = [];
    for (const [i, id] of ids.entries()) {
      const read = readLabelledItem(id, stored[i] ?? null);
      if ('problem' in read) unreadable.push(read);
      else items.push(read);
    }
    return { items, unreadable, next: ids.length === limit ? (ids.at(-1) ?? null) : null };
  }

  /** One set at a glance, or null when there is no such set. */
  async summary(set: string): Promise<LabelledSetSummary | null> {
    const name = checkedName(set);
    const updated = await this.#redis.zscore(this.#keys.labelledSets.index(), name);
    if (updated === null) return null;
    const [summary] = await this.#summaries([[name, Number(updated)]]);
    return summary ?? null;
  }

  /** The sets, by name: the most recently updated `limit` (default and at most 1000), and how many there are. */
  async list(options: { readonly limit?: number } = {}): Promise<{
    sets: LabelledSetSummary[];
    total: number;
  }> {
    const limit = clamp(
      options.limit ?? labelledSetDefaults.maxListedSets,
      1,
      labelledSetDefaults.maxListedSets,
    );
    const index = this.#keys.labelledSets.index();
    const [flat, total] = await Promise.all([
      this.#redis.zrevrange(index, 0, limit - 1, 'WITHSCORES'),
      this.#redis.zcard(index),
    ]);
    const named: [string, number][] = [];
    for (let i = 0; i + 1 < flat.length; i += 2) {
      const name = flat[i] as string;
      if (LabelledSetName.safeParse(name).success) named.push([name, Number(flat[i + 1])]);
    }
    const sets = await this.#summaries(named);
    return { sets: sets.sort((a, b) => a.name.localeCompare(b.name)), total };
  }

  /** Deletes a set and every item of it (the blobs it refers to are left to `blobs gc`). @returns false when there was no such set. */
  async delete(set: string): Promise<boolean> {
    const name = checkedName(set);
    const keys = this.#keys.labelledSets;
    const replies = await this.#redis
      .multi()
      .zrem(keys.index(), name)
      .unlink(keys.items(name), keys.ids(name), keys.itemWorkflows(name), keys.workflows(name))
      .exec();
    return (replies ?? []).some(([error, count]) => error === null && Number(count) > 0);
  }

  async #summaries(named: readonly [string, number][]): Promise<LabelledSetSummary[]> {
    if (named.length === 0) return [];
    const keys = this.#keys.labelledSets;
    const pipeline = this.#redis.pipeline();
    for (const [name] of named) pipeline.zcard(keys.ids(name)).hgetall(keys.workflows(name));
    const replies = (await pipeline.exec()) ?? [];
    return named.map(([name, updated], i) => {
      const [countError, count] = replies[2 * i] ?? [null, 0];
      const [workflowsError, workflows] = replies[2 * i + 1] ?? [null, {}];
      if (countError) throw countError;
      if (workflowsError) throw workflowsError;
      const counted = Object.entries(workflows as Record<string, string>)
        .filter(([, n]) => Number(n) > 0)
        .map(([workflow]) => workflow)
        .sort();
      return {
        name,
        items: Number(count),
        updatedAt: new Date(Number.isFinite(updated) ? updated : 0).toISOString(),
        workflows: counted,
      };
    });
  }

  #limit(set: string, itemId: string, limit: LabelledSetLimitError['limit'], max: number, actual: number) {
    return new LabelledSetLimitError({ set, itemId, limit, max, actual });
  }
}

const clamp = (value: number, min: number, max: number): number =>
  Number.isFinite(value) ? Math.min(max, Math.max(min, Math.floor(value))) : min;
