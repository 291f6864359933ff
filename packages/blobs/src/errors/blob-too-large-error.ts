/** A blob over the store's size cap (`QUARRY_BLOB_MAX_BYTES`): refused by `put`, and by `get` when one is found. */
export class BlobTooLargeError extends Error {
  override readonly name = 'BlobTooLargeError';
  readonly size: number;
  readonly maxBytes: number;

  constructor(options: { size: number; maxBytes: number }) {
    super(
      `the blob is ${options.size} bytes; the blob store takes at most ${options.maxBytes} (QUARRY_BLOB_MAX_BYTES)`,
    );
    this.size = options.size;
    this.maxBytes = options.maxBytes;
  }
}
