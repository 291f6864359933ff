import { randomUUID } from 'node:crypto';
import type { Queue } from 'bullmq';
import type { JobData } from './job-data';
import type { QuarryKeys } from './keys';
import { EXTRACTION_JOB_NAME } from './queue-config';
import type { RedisClient } from './redis-connection';
import { execWithJobs, type TransactionalJob } from './transactional-add';

/** Options of {@link TransactionalEnqueuer}. */
export interface TransactionalEnqueuerOptions {
  /** A connection used only by this enqueuer (WATCH is per connection). */
  readonly redis: RedisClient;
  /** The extraction queue opened on that same connection. */
  readonly queue: Queue;
  readonly keys: QuarryKeys;
  /** TTL of idempotency records. */
  readonly idempotencyRetentionMs: number;
}

/** The job a request ended up as. */
export interface EnqueueOutcome {
  readonly jobId: string;
  /** False when an idempotency key mapped to an existing job (nothing was added). */
  readonly created: boolean;
}

/** Rounds of optimistic locking before giving up under contention. */
const MAX_ROUNDS = 20;

/**
 * Adds jobs atomically with their idempotency records: WATCH the records, read them, then one
 * MULTI/EXEC that writes the missing records and adds their jobs. Either a record and its job both
 * exist or neither does, so a crash at any point is harmless; a key that already has a record returns
 * its job id without adding anything, even after that job completed and was removed by retention.
 * Calls are serialized because WATCH state belongs to the connection.
 */
export class TransactionalEnqueuer {
  readonly #options: TransactionalEnqueuerOptions;
  #tail: Promise<unknown> = Promise.resolve();

  constructor(options: TransactionalEnqueuerOptions) {
    this.#options = options;
  }

  /**
   * Adds `jobs` (all or none); outcomes are in the same order. `priorities` (from `FairOrder`), when
   * given, are the jobs' BullMQ priorities, in the same order.
   */
  add(jobs: readonly JobData[], priorities?: readonly number[]): Promise<EnqueueOutcome[]> {
    const run = this.#tail.then(
      () => this.#add(jobs, priorities),
      () => this.#add(jobs, priorities),
    );
    this.#tail = run.catch(() => {});
    return run;
  }

  async #add(jobs: readonly JobData[], priorities?: readonly number[]): Promise<EnqueueOutcome[]> {
    const { redis, queue, keys, idempotencyRetentionMs } = this.#options;
    const idempotencyKeys = [
      ...new Set(jobs.flatMap((job) => (job.idempotencyKey ? [job.idempotencyKey] : []))),
    ];
    const recordKeys = idempotencyKeys.map((key) => keys.idempotency(key));
    for (let round = 0; round < MAX_ROUNDS; round += 1) {
      let watching = false;
      try {
        if (recordKeys.length > 0) {
          await redis.watch(...recordKeys);
          watching = true;
        }
        const existing = recordKeys.length > 0 ? await redis.mget(...recordKeys) : [];
        const jobIdByKey = new Map<string, string>();
        idempotencyKeys.forEach((key, i) => {
          const jobId = existing[i];
          if (jobId) jobIdByKey.set(key, jobId);
        });
        const outcomes: EnqueueOutcome[] = [];
        const toAdd: TransactionalJob[] = [];
        const newRecords: [string, string][] = [];
        for (const [index, job] of jobs.entries()) {
          const known = job.idempotencyKey ? jobIdByKey.get(job.idempotencyKey) : undefined;
          if (known) {
            outcomes.push({ jobId: known, created: false });
            continue;
          }
          const jobId = randomUUID();
          if (job.idempotencyKey) {
            jobIdByKey.set(job.idempotencyKey, jobId);
            newRecords.push([keys.idempotency(job.idempotencyKey), jobId]);
          }
          const priority = priorities?.[index];
          toAdd.push({
            name: EXTRACTION_JOB_NAME,
            data: job,
            opts: priority ? { jobId, priority } : { jobId },
          });
          outcomes.push({ jobId, created: true });
        }
        if (toAdd.length === 0) return outcomes;
        const result = await execWithJobs({
          queue,
          jobs: toAdd,
          commands: (tx) => {
            for (const [key, jobId] of newRecords) tx.call('SET', key, jobId, 'PX', idempotencyRetentionMs);
          },
        });
        watching = false;
        if (result !== null) return outcomes;
      } finally {
        if (watching) await redis.unwatch().catch(() => {});
      }
    }
    throw new Error(`Enqueue gave up after ${MAX_ROUNDS} rounds of contention on its idempotency keys`);
  }
}
