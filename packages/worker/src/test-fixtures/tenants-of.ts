import { extractionQueue, type QuarryKeys, quarryKeys, TenantStore } from '@quarry/queue';
import type { Queue } from 'bullmq';
import { onTestFinished } from 'vitest';
import type { WorkerHarness } from '../worker-test-harness';

/** The harness's queue and tenant store (what `quarry tenants set` writes), closed after the test. */
export function tenantsOf(h: WorkerHarness): { queue: Queue; store: TenantStore; keys: QuarryKeys } {
  const queue = extractionQueue({ connection: h.redis, config: h.client.config });
  onTestFinished(() => queue.close());
  const keys = quarryKeys({ prefix: h.client.config.prefix, queueName: h.client.config.queueName });
  return { queue, keys, store: new TenantStore({ redis: h.redis, keys, queue }) };
}
