import type { BlobKey } from '../document/blob-key';

/** What `put` stored. */
export interface BlobPut {
  readonly key: BlobKey;
  readonly size: number;
  /** False when the store held these bytes already (their age was refreshed). */
  readonly created: boolean;
}

/** One stored blob, as listed for garbage collection. */
export interface BlobEntry {
  readonly key: BlobKey;
  readonly size: number;
  /** When it was last written (or its age refreshed by a `put` of the same bytes). */
  readonly storedAt: Date;
}

/** One page of {@link BlobStore.list}. */
export interface BlobPage {
  readonly entries: readonly BlobEntry[];
  /** An opaque cursor to pass back as `after` for the next page; `null` after the last. */
  readonly next: string | null;
}

/** Options every blob store call takes: a signal that ends it (the store adds its own deadline). */
export interface BlobCallOptions {
  readonly signal?: AbortSignal;
}

/**
 * Quarry's blob store port: content-addressed bytes (the key is the SHA-256 of the bytes), so the
 * same document is stored once. Every call has one deadline (the store's timeout, or `signal`).
 * Adapters: a directory and S3-compatible object storage (`@quarry/blobs`).
 */
export interface BlobStore {
  /** Largest blob `put` accepts (and `get` returns), in bytes. */
  readonly maxBytes: number;
  /** Stores `bytes` under their key; storing bytes already there refreshes their age. */
  put(options: BlobCallOptions & { readonly bytes: Uint8Array }): Promise<BlobPut>;
  /** The bytes under `key` (checked against it), or `null` when there are none. */
  get(options: BlobCallOptions & { readonly key: BlobKey }): Promise<Uint8Array | null>;
  has(options: BlobCallOptions & { readonly key: BlobKey }): Promise<boolean>;
  /** Removes the blob; removing a missing one is not an error. */
  delete(options: BlobCallOptions & { readonly key: BlobKey }): Promise<void>;
  /** Blobs in key order, `limit` at a time (default 1000), after the cursor `after` of the page before. */
  list(options: BlobCallOptions & { readonly after?: string; readonly limit?: number }): Promise<BlobPage>;
}
