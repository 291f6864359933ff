import type { DlqReasonLabel } from './dlq-reason-label';
import type { QuarryKeys } from './keys';
import type { RedisClient } from './redis-connection';
import { withQuarryScripts } from './scripts/quarry-scripts';

/** One of the DLQ indexes: every record by time, or the records of one workflow, reason or fingerprint. */
export type DlqIndexName =
  | { readonly by: 'time' }
  | { readonly by: 'workflow'; readonly workflow: string }
  /** A kind matches every label of that kind (`refused` every refusal); a label only itself. */
  | { readonly by: 'reason'; readonly reason: DlqReasonLabel }
  | { readonly by: 'fingerprint'; readonly fingerprint: string };

/** A record's place in an index: its DLQ id and dead-letter time (ms). Also the cursor of the next page. */
export interface DlqIndexItem {
  readonly dlqId: string;
  readonly at: number;
}

/** A time window, both ends inclusive (ms); open ends when absent. */
export interface DlqTimeWindow {
  readonly since?: number | undefined;
  readonly until?: number | undefined;
}

/** The sorted set behind an index. */
export function dlqIndexKey(keys: QuarryKeys, index: DlqIndexName): string {
  switch (index.by) {
    case 'time':
      return keys.dlq.byTime();
    case 'workflow':
      return keys.dlq.byWorkflow(index.workflow);
    case 'reason':
      return keys.dlq.byReason(index.reason);
    case 'fingerprint':
      return keys.dlq.byFingerprint(index.fingerprint);
  }
}

const bounds = (window: DlqTimeWindow) => ({
  newest: window.until === undefined ? '+inf' : String(window.until),
  oldest: window.since === undefined ? '-inf' : String(window.since),
});

/**
 * One page of an index, newest first (ties by DLQ id, descending), strictly after `after` (the last
 * item of the previous page). One script call, O(log N + limit) (`page-dlq-index-1`): pages never
 * repeat a record, and skip none that stays indexed, whatever is written or removed in between.
 */
export async function readDlqIndexPage(options: {
  readonly redis: RedisClient;
  readonly keys: QuarryKeys;
  readonly index: DlqIndexName;
  readonly window?: DlqTimeWindow;
  readonly after?: DlqIndexItem | undefined;
  readonly limit: number;
}): Promise<DlqIndexItem[]> {
  if (!Number.isInteger(options.limit) || options.limit < 1) {
    throw new RangeError(`A DLQ index page holds at least one record, got a limit of ${options.limit}`);
  }
  const { newest, oldest } = bounds(options.window ?? {});
  const reply = await withQuarryScripts(options.redis).quarryPageDlqIndex(
    dlqIndexKey(options.keys, options.index),
    newest,
    oldest,
    options.limit,
    options.after ? String(options.after.at) : '',
    options.after?.dlqId ?? '',
  );
  const items: DlqIndexItem[] = [];
  for (let i = 0; i + 1 < reply.length; i += 2) {
    items.push({ dlqId: reply[i] as string, at: Number(reply[i + 1]) });
  }
  return items;
}

/** How many records each index holds within the window (ZCOUNT each, one round trip). */
export async function countDlqIndexes(options: {
  readonly redis: RedisClient;
  readonly keys: QuarryKeys;
  readonly indexes: readonly DlqIndexName[];
  readonly window?: DlqTimeWindow;
}): Promise<number[]> {
  const { newest, oldest } = bounds(options.window ?? {});
  const pipeline = options.redis.pipeline();
  for (const index of options.indexes) pipeline.zcount(dlqIndexKey(options.keys, index), oldest, newest);
  const replies = (await pipeline.exec()) ?? [];
  return replies.map(([error, count]) => {
    if (error) throw error;
    return Number(count);
  });
}
