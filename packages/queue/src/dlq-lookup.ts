import type { Queue } from 'bullmq';
import { DlqRecord } from './dlq-record';
import type { QuarryKeys } from './keys';
import type { RedisClient } from './redis-connection';

/** The id of the latest DLQ record of a source job, or null when it has none. One HGET. */
export async function findDlqIdBySource(options: {
  readonly redis: RedisClient;
  readonly keys: QuarryKeys;
  readonly sourceJobId: string;
}): Promise<string | null> {
  return options.redis.hget(options.keys.dlqIndex(), options.sourceJobId);
}

/** How many source jobs have a DLQ record (entries of the DLQ index). One HLEN. */
export async function countIndexedDlqRecords(options: {
  readonly redis: RedisClient;
  readonly keys: QuarryKeys;
}): Promise<number> {
  return options.redis.hlen(options.keys.dlqIndex());
}

/**
 * The DLQ record stored under `dlqId`, or null when there is none.
 * @throws ZodError when the stored record breaks the DlqRecord schema.
 */
export async function readDlqRecord(options: {
  readonly dlq: Queue;
  readonly dlqId: string;
}): Promise<DlqRecord | null> {
  const job = await options.dlq.getJob(options.dlqId);
  return job ? DlqRecord.parse(job.data) : null;
}
