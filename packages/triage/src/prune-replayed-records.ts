import {
  type DlqIndexed,
  type QuarryQueues,
  type RedisClient,
  readDlqIndexEntries,
  readReplayedDlqIds,
  unindexDlqRecord,
} from '@quarry/queue';

/** Records whose entries are read at a time. */
const CHUNK = 500;

/**
 * Removes the records replayed before `cutoff` (ms), found through the replay-time index (no other
 * record is read), newest dead-lettered first: each job, then its place in every index and its group.
 * A removal cut short leaves the record's index entries behind; the next prune finds them again.
 * @returns the DLQ ids removed.
 */
export async function pruneReplayedRecords(options: {
  readonly redis: RedisClient;
  readonly queues: QuarryQueues;
  readonly cutoff: number;
}): Promise<string[]> {
  const { redis, queues } = options;
  const { keys } = queues;
  const dlqIds = await readReplayedDlqIds({ redis, keys, before: options.cutoff });
  const old: DlqIndexed[] = [];
  for (let start = 0; start < dlqIds.length; start += CHUNK) {
    const entries = await readDlqIndexEntries({ redis, keys, dlqIds: dlqIds.slice(start, start + CHUNK) });
    for (const indexed of entries) if (indexed) old.push(indexed);
  }
  old.sort(({ entry: a }, { entry: b }) => b.at - a.at || (a.dlqId < b.dlqId ? 1 : -1));
  const removed: string[] = [];
  for (const { entry } of old) {
    await queues.dlq.remove(entry.dlqId);
    await unindexDlqRecord({ redis, keys, sourceJobId: entry.sourceJobId, dlqId: entry.dlqId });
    removed.push(entry.dlqId);
  }
  return removed;
}
