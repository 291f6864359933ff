import { createHash } from 'node:crypto';
import type { BlobKey } from '@quarry/core';

/** The content address of `bytes`: `sha256:` and the hex SHA-256 digest. */
export function blobKeyOf(bytes: Uint8Array): BlobKey {
  return `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
}
