import type { StoredBatch } from './stored-batch';

/** Where a page of the list starts: newest first, or next to a batch by its creation order. */
export type BatchCursor =
  | { readonly kind: 'newest' }
  | { readonly kind: 'after'; readonly sequence: number }
  | { readonly kind: 'before'; readonly sequence: number };

/**
 * The batches a stand-in keeps, in creation order, within two caps: `maxBatches` batches and
 * `maxStoredRequests` entries over all of them. Room for a new batch is made by dropping the
 * oldest ended batches; batches still in progress are never dropped.
 */
export class BatchStore {
  readonly #batches = new Map<string, StoredBatch>();
  readonly #maxBatches: number;
  readonly #maxStoredRequests: number;
  #storedRequests = 0;
  /** Ended batches dropped to make room. */
  evicted = 0;

  constructor(options: { readonly maxBatches: number; readonly maxStoredRequests: number }) {
    this.#maxBatches = options.maxBatches;
    this.#maxStoredRequests = options.maxStoredRequests;
  }

  get size(): number {
    return this.#batches.size;
  }

  get storedRequests(): number {
    return this.#storedRequests;
  }

  get inProgress(): number {
    let count = 0;
    for (const batch of this.#batches.values()) if (batch.status !== 'ended') count++;
    return count;
  }

  /**
   * Makes room for a batch of `size` entries, dropping the oldest ended batches as needed; names
   * the cap when batches in progress alone leave no room.
   */
  makeRoom(size: number): string | null {
    const fits = (): boolean =>
      this.#batches.size < this.#maxBatches && this.#storedRequests + size <= this.#maxStoredRequests;
    for (const batch of this.#batches.values()) {
      if (fits()) return null;
      if (batch.status === 'ended') {
        this.#remove(batch);
        this.evicted++;
      }
    }
    if (fits()) return null;
    return this.#batches.size >= this.#maxBatches
      ? `The stand-in keeps at most ${this.#maxBatches} batches and none of them has ended`
      : `The stand-in keeps at most ${this.#maxStoredRequests} batch requests; ${this.#storedRequests} are kept and this batch has ${size}`;
  }

  add(batch: StoredBatch): void {
    this.#batches.set(batch.id, batch);
    this.#storedRequests += batch.entries.length;
  }

  get(id: string): StoredBatch | undefined {
    return this.#batches.get(id);
  }

  delete(id: string): boolean {
    const batch = this.#batches.get(id);
    if (batch) this.#remove(batch);
    return batch !== undefined;
  }

  /**
   * A page of at most `limit` batches, newest first: the newest ones, those just older than the
   * `after` cursor, or those just newer than the `before` cursor; `hasMore` says whether more lie
   * beyond the page in the direction it was asked in.
   */
  page(cursor: BatchCursor, limit: number): { readonly data: StoredBatch[]; readonly hasMore: boolean } {
    const newestFirst = [...this.#batches.values()].reverse();
    if (cursor.kind === 'before') {
      const newer = newestFirst.filter((batch) => batch.sequence > cursor.sequence);
      return { data: newer.slice(Math.max(0, newer.length - limit)), hasMore: newer.length > limit };
    }
    const older =
      cursor.kind === 'after' ? newestFirst.filter((batch) => batch.sequence < cursor.sequence) : newestFirst;
    return { data: older.slice(0, limit), hasMore: older.length > limit };
  }

  #remove(batch: StoredBatch): void {
    this.#batches.delete(batch.id);
    this.#storedRequests -= batch.entries.length;
  }
}
