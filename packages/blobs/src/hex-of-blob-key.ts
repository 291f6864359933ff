import { BLOB_KEY_PATTERN, type BlobKey } from '@quarry/core';
import { InvalidBlobKeyError } from './errors/invalid-blob-key-error';

/**
 * The hex digest of a blob key, after checking its form: a key never reaches the file system or the
 * object store unless it is `sha256:` and 64 lower-case hex digits.
 * @throws InvalidBlobKeyError for anything else.
 */
export function hexOfBlobKey(key: BlobKey | string): string {
  if (typeof key !== 'string' || !BLOB_KEY_PATTERN.test(key)) throw new InvalidBlobKeyError();
  return key.slice('sha256:'.length);
}
