import { DlqIndexEntry, DlqIndexState } from './dlq-index-entry';
import type { QuarryKeys } from './keys';
import type { RedisClient } from './redis-connection';

/** An indexed record: its entry and its current state. */
export interface DlqIndexed {
  readonly entry: DlqIndexEntry;
  readonly state: DlqIndexState;
}

/**
 * The index entries and states of some records, in the order asked (null for a record not indexed).
 * One MULTI of two HMGETs, so each entry comes with the state it had at that moment.
 */
export async function readDlqIndexEntries(options: {
  readonly redis: RedisClient;
  readonly keys: QuarryKeys;
  readonly dlqIds: readonly string[];
}): Promise<(DlqIndexed | null)[]> {
  const { dlqIds, keys } = options;
  if (dlqIds.length === 0) return [];
  const replies = await options.redis
    .multi()
    .hmget(keys.dlq.entries(), ...dlqIds)
    .hmget(keys.dlq.states(), ...dlqIds)
    .exec();
  const [[entriesError, entries], [statesError, states]] = replies as [
    [Error | null, (string | null)[]],
    [Error | null, (string | null)[]],
  ];
  if (entriesError ?? statesError) throw entriesError ?? statesError;
  return dlqIds.map((_, i) => {
    const text = entries[i];
    if (text === null || text === undefined) return null;
    const entry = DlqIndexEntry.safeParse(JSON.parse(text));
    const state = DlqIndexState.safeParse(states[i]);
    return entry.success ? { entry: entry.data, state: state.success ? state.data : 'dead' } : null;
  });
}
