import { createQuarryClient, type QuarryClient } from '@quarry/client';
import { defaultRegistry } from '@quarry/workflows';

/** A producer client on the bench's Redis and prefix (shipped workflows, jobs kept around). */
export function quarryClientFor(redisUrl: string, prefix: string): QuarryClient {
  return createQuarryClient({
    redisUrl,
    registry: defaultRegistry(),
    config: { prefix },
    readyTimeoutMs: 5000,
  });
}
