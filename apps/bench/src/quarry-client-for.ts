import { createQuarryClient, type QuarryClient } from '@quarry/client';
import type { BlobStore } from '@quarry/core';
import { defaultRegistry } from '@quarry/workflows';

/**
 * A producer client on the bench's Redis and prefix (shipped workflows, jobs kept around), storing
 * documents in `blobs` when given.
 */
export function quarryClientFor(redisUrl: string, prefix: string, blobs?: BlobStore): QuarryClient {
  return createQuarryClient({
    redisUrl,
    registry: defaultRegistry(),
    config: { prefix },
    readyTimeoutMs: 5000,
    ...(blobs ? { blobs } : {}),
  });
}
