import type { BlobKey } from '@quarry/core';
import { blobKeyOf } from './blob-key-of';
import { BlobIntegrityError } from './errors/blob-integrity-error';

/**
 * `bytes` when they hash to `key`.
 * @throws BlobIntegrityError when they do not (the stored blob was changed or damaged).
 */
export function verifiedBytes(key: BlobKey, bytes: Uint8Array): Uint8Array {
  const actualKey = blobKeyOf(bytes);
  if (actualKey !== key) throw new BlobIntegrityError({ key, actualKey });
  return bytes;
}
