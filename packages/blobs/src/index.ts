export { type BlobConfig, blobDefaults } from './blob-config';
export { BlobEnv, blobEnv } from './blob-env';
export { blobKeyOf } from './blob-key-of';
export {
  type CollectedOrphans,
  type CollectOrphanBlobsOptions,
  collectOrphanBlobs,
  DEFAULT_ORPHAN_GRACE_MS,
  type OrphanDeletion,
} from './collect-orphan-blobs';
export { createBlobStore, type OpenBlobStore } from './create-blob-store';
export { DirectoryBlobStore, type DirectoryBlobStoreOptions } from './directory-blob-store';
export { BlobIntegrityError } from './errors/blob-integrity-error';
export { type BlobOperation, BlobStoreError, type BlobStoreFailure } from './errors/blob-store-error';
export { BlobTooLargeError } from './errors/blob-too-large-error';
export { InvalidBlobKeyError } from './errors/invalid-blob-key-error';
export { readBlobConfig } from './read-blob-config';
export { S3BlobStore, type S3BlobStoreOptions } from './s3-blob-store';
