/**
 * What commands load only once their input has been checked, not when their run module loads: the
 * Redis clients (ioredis, BullMQ), the triage service, the blob stores (the S3 SDK), the producer
 * client and the Anthropic SDK. A bad workflow name or a missing file is reported without reading
 * them; `quarry --help` never reads them (the bundle splits chunks after tree shaking, see
 * `scripts/build/bundle-app.mjs`).
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
  ReviewCorrections,
  redisClient,
} from '@quarry/queue';
export { createTriage } from '@quarry/triage';
