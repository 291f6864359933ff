import type { BlobKey, BlobStore } from '@quarry/core';

/** Default of `graceMs`: a blob younger than this is kept, referenced or not. */
export const DEFAULT_ORPHAN_GRACE_MS = 24 * 3600 * 1000;

/**
 * What may happen to one unreferenced old blob, decided right before its delete on the facts of that
 * moment: `delete` it (then `release` once the delete has succeeded; a failed one leaves the claim to lapse), or `keep` it because a
 * producer is storing it again (`marked`) or another collector is deleting it (`busy`).
 */
export type OrphanDeletion =
  | {
      readonly type: 'delete';
      /** Ends the delete's deadline. */
      readonly signal?: AbortSignal;
      readonly release: () => Promise<void>;
    }
  | { readonly type: 'keep'; readonly reason: 'marked' | 'busy' };

/** Options of {@link collectOrphanBlobs}. */
export interface CollectOrphanBlobsOptions {
  readonly store: BlobStore;
  /** Whether a job or a DLQ record still refers to `key`, as read before the walk began. */
  readonly isReferenced: (key: BlobKey) => boolean | Promise<boolean>;
  /**
   * Asked right before each delete (not with `dryRun`): the fresh decision that a producer storing
   * the blob again since the references were read keeps it. Without it, a blob enqueued during the
   * walk can be deleted under its new job: only leave it out when nothing enqueues meanwhile.
   */
  readonly claimDeletion?: (key: BlobKey) => Promise<OrphanDeletion>;
  /** Age under which a blob is kept whether referenced or not (default 24 h). */
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
  /** Unreferenced old blobs kept because a producer stored them again during the walk, or another collector held them. */
  readonly kept: readonly BlobKey[];
}

/**
 * Removes orphan blobs: those older than `graceMs` that nothing refers to any more (a producer that
 * stored a document and then failed to add its job leaves one; so does a job removed by retention).
 * Walks the whole store page by page, each call under the store's deadline; each delete is decided
 * by `claimDeletion` right before it.
 */
export async function collectOrphanBlobs(options: CollectOrphanBlobsOptions): Promise<CollectedOrphans> {
  const cutoff = (options.now ?? Date.now()) - (options.graceMs ?? DEFAULT_ORPHAN_GRACE_MS);
  const signal = options.signal;
  const deleted: BlobKey[] = [];
  const kept: BlobKey[] = [];
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
      const removed = options.dryRun || (await deleteOrphan(options, entry.key));
      (removed ? deleted : kept).push(entry.key);
    }
    after = page.next ?? undefined;
  } while (after !== undefined);
  return { scanned, deleted, kept };
}

/** Deletes one orphan if its fresh decision allows; whether it did. */
async function deleteOrphan(options: CollectOrphanBlobsOptions, key: BlobKey): Promise<boolean> {
  const decision: OrphanDeletion = options.claimDeletion
    ? await options.claimDeletion(key)
    : { type: 'delete', release: async () => {} };
  switch (decision.type) {
    case 'keep':
      return false;
    case 'delete': {
      const signals = [options.signal, decision.signal].filter((s): s is AbortSignal => s !== undefined);
      // A delete that failed or was cut off may still land: its claim is left to lapse, not released.
      await options.store.delete({
        key,
        ...(signals.length > 0 ? { signal: AbortSignal.any(signals) } : {}),
      });
      await decision.release();
      return true;
    }
  }
}
