import type { BlobStore } from '@quarry/core';
import { blobReferences, type QuarryKeys } from '@quarry/queue';
import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { runQuarryCli } from '../processes/run-quarry-cli';
import { accountBlobs, type BlobSnapshot } from './blob-accounting';
import type { SoakAccounting } from './soak-accounting';
import type { SoakProduction } from './soak-producer';

/** Jobs removed per `Queue.clean` call. */
const CLEAN_PAGE = 1000;

/** Every key in the blob store. */
async function storedKeys(store: BlobStore): Promise<Set<string>> {
  const keys = new Set<string>();
  let after: string | undefined;
  do {
    const page = await store.list(after === undefined ? {} : { after });
    for (const entry of page.entries) keys.add(entry.key);
    after = page.next ?? undefined;
  } while (after !== undefined);
  return keys;
}

/** Removes every job of `queue` in `state`, a page at a time; returns how many. */
async function removeFinished(queue: Queue, state: 'completed' | 'failed'): Promise<number> {
  let removed = 0;
  for (;;) {
    const page = await queue.clean(0, CLEAN_PAGE, state);
    removed += page.length;
    if (page.length === 0) return removed;
  }
}

/**
 * The soak's blob check, run once every job finished and the workers stopped: reads the store and
 * the blob keys jobs and DLQ records refer to; applies retention to the finished jobs (BullMQ's
 * `Queue.clean`, which removes a job the way the workers' `KEEP_COMPLETED_*` / `KEEP_FAILED_AGE_HOURS`
 * retention does once it is older than that; DLQ records that were not replayed are kept for good);
 * runs `quarry blobs gc --grace 0s` as an operator would (the CLI process, the same environment);
 * reads both again, and accounts for every blob ({@link accountBlobs}).
 */
export async function checkSoakBlobs(options: {
  readonly redis: Redis;
  readonly queue: Queue;
  readonly dlq: Queue;
  /** Quarry's keys under the soak's prefix (the labelled sets there are references too). */
  readonly keys: QuarryKeys;
  readonly store: BlobStore;
  /** `REDIS_URL`, `QUARRY_PREFIX` and the blob store variables the workers use. */
  readonly env: Readonly<Record<string, string>>;
  readonly production: SoakProduction;
  /** Ids of the jobs that were dead-lettered. */
  readonly deadLettered: ReadonlySet<string>;
}): Promise<SoakAccounting> {
  const { redis, queue, dlq, keys, store } = options;
  const snapshot = async (): Promise<BlobSnapshot> => ({
    referenced: await blobReferences({ redis, queues: { queue, dlq, keys } }),
    stored: await storedKeys(store),
  });
  const before = await snapshot();
  const jobsRemoved = (await removeFinished(queue, 'completed')) + (await removeFinished(queue, 'failed'));
  const gc = await runQuarryCli(['blobs', 'gc', '--grace', '0s', '--json'], options.env);
  if (gc.code !== 0) throw new Error(`quarry blobs gc exited with ${gc.code}: ${gc.stderr.trim()}`);
  const { removed } = JSON.parse(gc.stdout) as { readonly removed: readonly string[] };
  return accountBlobs({
    documents: options.production.documents,
    deadLettered: options.deadLettered,
    puts: options.production.puts,
    before,
    jobsRemoved,
    collected: removed.length,
    after: await snapshot(),
  });
}
