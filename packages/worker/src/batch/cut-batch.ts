/** Bytes of the create body around its requests: `{"requests":[` … `]}`. */
const envelopeBytes = 16;

/**
 * How many of the entries (bytes of each one's JSON, in order) fit one create request of at most
 * `maxBytes` and `maxRequests`; the rest wait for the next batch.
 */
export function cutBatch(options: {
  readonly sizes: readonly number[];
  readonly maxBytes: number;
  readonly maxRequests: number;
}): number {
  let bytes = envelopeBytes;
  let count = 0;
  for (const size of options.sizes) {
    if (count >= options.maxRequests || bytes + size + (count > 0 ? 1 : 0) > options.maxBytes) break;
    bytes += size + (count > 0 ? 1 : 0);
    count += 1;
  }
  return count;
}
