import { z } from 'zod';

/** The form of a blob key: `sha256:` and the 64 lower-case hex digits of the SHA-256 of the bytes. */
export const BLOB_KEY_PATTERN = /^sha256:[0-9a-f]{64}$/;

/**
 * The key of a blob in Quarry's blob store: the SHA-256 of its bytes (content-addressed), never a
 * path, so a key can neither name nor reach anything outside the store.
 */
export const BlobKey = z
  .string({ error: 'must be a blob key: "sha256:" and 64 lower-case hex digits' })
  .regex(BLOB_KEY_PATTERN, { error: 'must be a blob key: "sha256:" and 64 lower-case hex digits' })
  .describe('Content address in the blob store: "sha256:" and the 64 lower-case hex digits of the bytes.');
export type BlobKey = z.infer<typeof BlobKey>;
