import { it as base } from '@quarry/testing';
import type { Redis } from 'ioredis';
import { DeadLetterWriter } from '../dead-letter-writer';
import { tallyDlqGroups } from '../dlq-group-summary';
import { readDlqIndexEntries } from '../dlq-index-entries';
import { dlqIndexEntry } from '../dlq-index-entry';
import type { DlqRecord } from '../dlq-record';
import { openQueues } from '../open-queues';
import { readDlqGroupSummaries } from '../read-dlq-group-summaries';

/** The shared test Redis, a connection to it and the test's own key prefix. */
export interface RedisTestContext {
  readonly url: string;
  readonly redis: Redis;
  readonly prefix: string;
}

/** The test kit's `it` with a `ctx` fixture: the shared test Redis and the test's own prefix. */
export const it = base.extend(
  'ctx',
  ({ redis, redisUrl, prefix }): RedisTestContext => ({ url: redisUrl, redis, prefix }),
);

let seq = 0;

/** Queues of their own for one test (the DLQ index keys are per queue), a writer, and index probes. */
export function dlqIndexTestKit(ctx: RedisTestContext) {
  const { redis, prefix } = ctx;
  seq += 1;
  const queues = openQueues({
    connection: redis,
    config: { prefix, queueName: `src-${seq}`, dlqName: `dlq-${seq}` },
  });
  const writer = new DeadLetterWriter({ queue: queues.dlq, keys: queues.keys });
  const { keys } = queues;
  /** Every index holding `dlqId`, with its score. */
  const placesOf = async (record: DlqRecord) => {
    const candidates = {
      byTime: keys.dlq.byTime(),
      byWorkflow: keys.dlq.byWorkflow(record.workflow),
      byKind: keys.dlq.byReason(record.reason.kind),
      byLabel: keys.dlq.byReason(dlqIndexEntry(record).label),
      byFingerprint: keys.dlq.byFingerprint(record.fingerprint),
      replayed: keys.dlq.replayed(),
    };
    const places: Record<string, number> = {};
    for (const [name, key] of Object.entries(candidates)) {
      const score = await redis.zscore(key, record.dlqId);
      if (score !== null) places[name] = Number(score);
    }
    return places;
  };
  /**
   * How many records the time index holds, and the group summaries as the scripts keep them and as a
   * tally of the current entries says they should be.
   */
  const groups = async () => {
    const ids = await redis.zrange(keys.dlq.byTime(), 0, -1);
    const entries = await readDlqIndexEntries({ redis, keys, dlqIds: ids });
    const byFingerprint = (a: { fingerprint: string }, b: { fingerprint: string }) =>
      a.fingerprint.localeCompare(b.fingerprint);
    return {
      indexed: ids.length,
      kept: (await readDlqGroupSummaries({ redis, keys })).sort(byFingerprint),
      tallied: tallyDlqGroups(entries.flatMap((entry) => (entry ? [entry] : []))).sort(byFingerprint),
    };
  };
  return { redis, queues, keys, writer, placesOf, groups };
}
