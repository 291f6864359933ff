/**
 * What commands load when they run, not when `quarry` starts: the Redis clients (ioredis, BullMQ),
 * the triage service, the blob stores (the S3 SDK), the producer client and the Anthropic SDK.
 * Commands `await import('./on-demand')`; the bundle puts this module and what it reaches in chunks
 * of their own, so `quarry --help` and a bad flag never parse them. (A dynamic import of a package's
 * index would not do: the bundler would share the index with the modules imported at start.)
 */
export { cancelMessageBatch } from '@quarry/anthropic';
export { collectOrphanBlobs, createBlobStore } from '@quarry/blobs';
export { createQuarryClient } from '@quarry/client';
export {
  BLOB_DELETION_LEASE_MS,
  BlobGcMarks,
  blobReferences,
  closeConnection,
  openQueues,
  RedisGate,
  redisClient,
} from '@quarry/queue';
export { createTriage } from '@quarry/triage';
