import type { DlqRecord, RedisClient } from '@quarry/queue';
import { findDlqIdBySource, type QuarryKeys } from '@quarry/queue';
import type { JobState, Queue } from 'bullmq';
import type { DlqReader } from './dlq-reader';
import { type DlqSummary, summarize } from './dlq-summary';

/** The newest job of a chain when it has no DLQ record (yet): running, waiting, completed, … */
export interface ChainJob {
  readonly jobId: string;
  readonly state: JobState | 'unknown';
}

/**
 * Every DLQ record of one lineage, from the first failure to the latest: each replay's failure
 * links back to the record it replayed (`lineage.replayOf`), each replayed record forward to its new
 * job (`replay.jobId`) and that job's DLQ record, if it failed again.
 */
export interface LineageChain {
  readonly rootJobId: string;
  /** Oldest first; includes the record asked about. */
  readonly records: readonly DlqSummary[];
  /** DLQ ids the chain refers to whose records are gone (pruned by retention). */
  readonly missing: readonly string[];
  /** The latest replay job, when it did not end up in the DLQ (yet). */
  readonly latestJob: ChainJob | null;
}

/** Options of {@link readLineageChain}. */
export interface ReadLineageChainOptions {
  readonly record: DlqRecord;
  readonly reader: DlqReader;
  readonly queue: Queue;
  readonly redis: RedisClient;
  readonly keys: QuarryKeys;
  readonly maxRedrives: number;
  /** Links followed in each direction at most (a guard against corrupted data). Default 100. */
  readonly maxLinks?: number;
}

/** Walks a record's lineage back to its first failure and forward to its latest replay. */
export async function readLineageChain(options: ReadLineageChainOptions): Promise<LineageChain> {
  const { record, reader, maxRedrives } = options;
  const maxLinks = options.maxLinks ?? 100;
  const seen = new Set<string>([record.dlqId]);
  const missing: string[] = [];

  const before: DlqRecord[] = [];
  let current = record;
  for (let i = 0; i < maxLinks && current.lineage.replayOf; i += 1) {
    const previousId = current.lineage.replayOf;
    if (seen.has(previousId)) break;
    seen.add(previousId);
    const previous = await reader.get(previousId);
    if (!previous) {
      missing.push(previousId);
      break;
    }
    before.unshift(previous);
    current = previous;
  }

  const after: DlqRecord[] = [];
  let latestJob: ChainJob | null = null;
  current = record;
  for (let i = 0; i < maxLinks && current.replay; i += 1) {
    const jobId = current.replay.jobId;
    const nextId = await findDlqIdBySource({ redis: options.redis, keys: options.keys, sourceJobId: jobId });
    const next = nextId && !seen.has(nextId) ? await reader.get(nextId) : null;
    if (!next) {
      const state = await options.queue.getJobState(jobId);
      // A job waiting for its turn in the fair order between tenants is waiting like any other.
      latestJob = { jobId, state: state === 'prioritized' ? 'waiting' : state };
      break;
    }
    seen.add(next.dlqId);
    after.push(next);
    current = next;
  }

  return {
    rootJobId: record.lineage.rootJobId,
    records: [...before, record, ...after].map((link) => summarize(link, maxRedrives)),
    missing,
    latestJob,
  };
}
