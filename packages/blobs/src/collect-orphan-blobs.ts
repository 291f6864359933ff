import type { BlobKey, BlobStore } from '@quarry/core';

/** Default of `graceMs`: a blob younger than this is kept, referenced or not. */
export const DEFAULT_ORPHAN_GRACE_MS = 24 * 3600 * 1000;

/** Options of {@link collectOrphanBlobs}. */
export interface CollectOrphanBlobsOptions {
  readonly store: BlobStore;
  /** Whether a job or a DLQ record still refers to `key`. */
  readonly isReferenced: (key: BlobKey) => boolean | Promise<boolean>;
  /**
   * Age under which a blob is kept whether referenced or not (default 24 h): a producer writes the
   * blob before it adds the job, and a `put` of the same bytes refreshes the age.
   */
  readonly graceMs?: number;
  /** The current time in ms (default `Date.now()`). */
  readonly now?: number;
  /** Report what would be removed, removing nothing. */
  readonly dryRun?: boolean;
  readonly signal?: AbortSignal;
}

/** What {@link collectOrphanBlobs} did. */
export interface CollectedOrphans {
  /** Blobs looked at. */
  readonly scanned: number;
  /** Blobs removed (with `dryRun`: that would be): older than the grace period and not referenced. */
  readonly deleted: readonly BlobKey[];
}

/**
 * Removes orphan blobs: those older than `graceMs` that nothing refers to any more (a producer that
 * stored a document and then failed to add its job leaves one; so does a job removed by retention).
 * Walks the whole store page by page, each call under the store's deadline.
 */
export async function collectOrphanBlobs(options: CollectOrphanBlobsOptions): Promise<CollectedOrphans> {
  const cutoff = (options.now ?? Date.now()) - (options.graceMs ?? DEFAULT_ORPHAN_GRACE_MS);
  const signal = options.signal;
  const deleted: BlobKey[] = [];
  let scanned = 0;
  let after: string | undefined;
  do {
    const page = await options.store.list({
      ...(after !== undefined ? { after } : {}),
      ...(signal ? { signal } : {}),
    });
    for (const entry of page.entries) {
      scanned += 1;
      if (entry.storedAt.getTime() >= cutoff || (await options.isReferenced(entry.key))) continue;
      if (!options.dryRun) await options.store.delete({ key: entry.key, ...(signal ? { signal } : {}) });
      deleted.push(entry.key);
    }
    after = page.next ?? undefined;
  } while (after !== undefined);
  return { scanned, deleted };
}
