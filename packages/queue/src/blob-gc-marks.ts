import type { BlobKey } from '@quarry/core';
import { BlobGcSnapshotTooOldError } from './blob-gc-snapshot-too-old-error';
import type { QuarryKeys } from './keys';
import type { RedisClient } from './redis-connection';
import { type QuarryScriptCommands, withQuarryScripts } from './scripts/quarry-scripts';

/** How long a gc's claim to delete a blob stands; its delete is cut off at half of it. */
export const BLOB_DELETION_LEASE_MS = 5 * 60_000;
/** How long producers' marks are kept: a gc run longer than this stops deleting. */
const MARK_KEEP_MS = 7 * 86_400_000;
/**
 * How much older than a gc's reference snapshot a mark may be and still keep its blob: a producer
 * marks, stores, marks again, then adds its job within moments (each step under its own deadline).
 * The slack is the gc's grace, kept within these bounds ({@link markSlackMs}).
 */
const markSlackBounds = { minMs: 0, maxMs: 3_600_000 } as const;

/**
 * The slack of a gc run with this grace: the grace itself, at most an hour (longer than any
 * producer takes from its last mark to its job's add, whose commands have a 10 s deadline). A gc
 * with a grace under that deadline (`--grace 0s`, as in tests) keeps only blobs marked after it
 * began: a producer whose add is in flight at that very moment is not covered.
 */
function markSlackMs(graceMs: number): number {
  return Math.min(markSlackBounds.maxMs, Math.max(markSlackBounds.minMs, graceMs));
}
/** How often a producer looks again while a gc's claim on its blob stands. */
const CLAIM_POLL_MS = 50;

/** What a gc may do with one blob, decided in Redis on the facts of that moment. */
export type BlobDeletionClaim =
  | { readonly type: 'claimed' }
  | { readonly type: 'marked' }
  | { readonly type: 'busy' };

/** Options of {@link BlobGcMarks}. */
export interface BlobGcMarksOptions {
  readonly redis: RedisClient;
  readonly keys: QuarryKeys;
}

/**
 * Ties producers and `blobs gc` together, so that no deletion rests on a stale listing. A producer
 * marks a blob's key before it stores the bytes and again before it adds the job ({@link markUse});
 * a gc, right before each delete, claims the blob in one atomic step that fails while a mark newer
 * than its reference snapshot stands ({@link claimDeletion}), and releases the claim once the delete
 * has returned. A producer that marks while a claim stands waits for it to end, and stores again.
 */
export class BlobGcMarks {
  readonly #redis: RedisClient & QuarryScriptCommands;
  readonly #keys: QuarryKeys;

  constructor(options: BlobGcMarksOptions) {
    this.#redis = withQuarryScripts(options.redis);
    this.#keys = options.keys;
  }

  /**
   * Marks `key` as about to be referred to. Resolves `'clear'` at once when no gc is deleting it, or
   * `'waited'` once a standing claim has ended (the bytes may be gone: store them again).
   */
  async markUse(options: {
    readonly key: BlobKey;
    readonly signal?: AbortSignal;
  }): Promise<'clear' | 'waited'> {
    let waited = false;
    for (;;) {
      const [left] = await this.#redis.quarryMarkBlobUse(
        this.#keys.blobGc.marks(),
        this.#keys.blobGc.deleting(),
        options.key,
        BLOB_DELETION_LEASE_MS,
        MARK_KEEP_MS,
      );
      if (Number(left) <= 0) return waited ? 'waited' : 'clear';
      waited = true;
      options.signal?.throwIfAborted();
      await new Promise((resolve) => setTimeout(resolve, Math.min(CLAIM_POLL_MS, Number(left))));
    }
  }

  /** The server's time in ms: a gc reads it before it reads the references (`startedAt`). */
  async now(): Promise<number> {
    const [seconds, micros] = await this.#redis.time();
    return Number(seconds) * 1000 + Math.floor(Number(micros) / 1000);
  }

  /**
   * Claims the deletion of `key` for `owner`, unless a producer marked it since `startedAt` (less a
   * slack) or another gc holds it.
   * @throws BlobGcSnapshotTooOldError when `startedAt` is older than the marks kept.
   */
  async claimDeletion(options: {
    readonly key: BlobKey;
    readonly startedAt: number;
    readonly owner: string;
    /** The gc's grace; the mark slack follows it ({@link markSlackMs}). Default: the longest slack. */
    readonly graceMs?: number;
  }): Promise<BlobDeletionClaim> {
    const reply = await this.#redis.quarryClaimBlobDeletion(
      this.#keys.blobGc.marks(),
      this.#keys.blobGc.deleting(),
      options.key,
      options.startedAt - markSlackMs(options.graceMs ?? markSlackBounds.maxMs),
      BLOB_DELETION_LEASE_MS,
      options.owner,
      MARK_KEEP_MS,
    );
    switch (reply) {
      case 'claimed':
      case 'marked':
      case 'busy':
        return { type: reply };
      case 'stale':
        throw new BlobGcSnapshotTooOldError({ startedAt: options.startedAt });
      default:
        throw new TypeError(`quarryClaimBlobDeletion replied ${String(reply).slice(0, 40)}`);
    }
  }

  /** Ends `owner`'s claim on `key` once its delete has returned. */
  async releaseDeletion(options: { readonly key: BlobKey; readonly owner: string }): Promise<void> {
    await this.#redis.quarryReleaseBlobDeletion(this.#keys.blobGc.deleting(), options.key, options.owner);
  }
}
