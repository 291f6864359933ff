import { type DlqGroupSummary, parseDlqGroupSummary } from './dlq-group-summary';
import type { QuarryKeys } from './keys';
import type { RedisClient } from './redis-connection';
import { type DlqGroupReply, withQuarryScripts } from './scripts/quarry-scripts';

/**
 * The fingerprint groups as the DLQ indexes keep them (every group, or the one of `fingerprint`), in no
 * particular order. Two round trips whatever the DLQ holds: the group names, then one
 * `read-dlq-group-3` call per group in a pipeline. No record is read.
 */
export async function readDlqGroupSummaries(options: {
  readonly redis: RedisClient;
  readonly keys: QuarryKeys;
  readonly fingerprint?: string;
}): Promise<DlqGroupSummary[]> {
  const { keys } = options;
  const redis = withQuarryScripts(options.redis);
  const fingerprints =
    options.fingerprint === undefined ? await redis.zrange(keys.dlq.groups(), 0, -1) : [options.fingerprint];
  if (fingerprints.length === 0) return [];
  const pipeline = redis.pipeline() as ReturnType<typeof redis.pipeline> & {
    quarryReadDlqGroup(group: string, byFingerprint: string, entries: string): unknown;
  };
  for (const fingerprint of fingerprints) {
    pipeline.quarryReadDlqGroup(
      keys.dlq.group(fingerprint),
      keys.dlq.byFingerprint(fingerprint),
      keys.dlq.entries(),
    );
  }
  const replies = (await pipeline.exec()) ?? [];
  const summaries: DlqGroupSummary[] = [];
  for (const [i, [error, reply]] of replies.entries()) {
    if (error) throw error;
    const summary = parseDlqGroupSummary(fingerprints[i] as string, reply as DlqGroupReply);
    if (summary) summaries.push(summary);
  }
  return summaries;
}
