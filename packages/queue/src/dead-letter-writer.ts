import type { AttemptRecord, AttemptStore } from '@quarry/core';
import type { Queue } from 'bullmq';
import { attemptJobKey } from './attempt-job-key';
import { type BuildDlqRecordOptions, buildDlqRecord } from './build-dlq-record';
import { dlqIdFor } from './dlq-id';
import { indexDlqRecordCall } from './dlq-index-call';
import { attemptLogLine, dlqJobName } from './dlq-job-display';
import type { DlqReason } from './dlq-reason';
import { DlqRecord } from './dlq-record';
import { bullJobLogsKey, type QuarryKeys } from './keys';
import { indexDlqRecord14 } from './scripts/index-dlq-record-14';
import { writeAttemptLog1 } from './scripts/write-attempt-log-1';
import type { SourceJob } from './source-job';
import { execWithJobs } from './transactional-add';
import { unrecordedFailureReason } from './unrecorded-failure-reason';

/** Options of {@link DeadLetterWriter}. */
export interface DeadLetterWriterOptions {
  /** The dead-letter queue. */
  readonly queue: Queue;
  readonly keys: QuarryKeys;
  /**
   * Where attempt records are read from when a caller does not pass them (and by `reconcile`), and
   * deleted from once a DLQ record holds them (`releaseAttempts`).
   */
  readonly attempts?: AttemptStore;
  /** Clock in milliseconds. Default `Date.now`. */
  readonly now?: () => number;
}

/** Options of {@link DeadLetterWriter.deadLetter}. */
export type DeadLetterOptions = Omit<BuildDlqRecordOptions, 'attempts' | 'reason' | 'deadLetteredAt'> & {
  readonly reason: DlqReason;
  /** Default: loaded from the attempt store by job generation (`attemptJobKey`). */
  readonly attempts?: readonly AttemptRecord[];
};

/** Options of {@link DeadLetterWriter.reconcile}. */
export interface ReconcileOptions {
  /** The extraction queue whose failed jobs are swept. */
  readonly sourceQueue: Queue;
  /** Leave jobs that failed less than this long ago to the worker that failed them. Default 30 s. */
  readonly graceMs?: number;
  /** Failed jobs read per page. Default 200. */
  readonly pageSize?: number;
  /** Failed jobs looked at per sweep, newest first. Default 10 000. */
  readonly maxJobs?: number;
}

/** What one write did. */
export interface DlqWriteResult {
  readonly dlqId: string;
  /** False when the record already existed (the write changed nothing). */
  readonly created: boolean;
}

/**
 * Writes dead-letter records exactly once by construction: the record's job id is deterministic
 * (`dlqIdFor`), and the record, its index entry (source job id → DLQ id) and its place in the DLQ
 * indexes (time, workflow, reason, fingerprint, group counters: `index-dlq-record-14`) are written in
 * one MULTI/EXEC, so a repeated write is a no-op and the reconciler sees exactly which failures lack one.
 * The DLQ job is named `<workflow>@v<version> · <reason kind>` and its log holds one line per attempt
 * (`attemptLogLine`), written in the same transaction, so queue dashboards show both at a glance.
 */
export class DeadLetterWriter {
  readonly #queue: Queue;
  readonly #keys: QuarryKeys;
  readonly #attempts: AttemptStore | undefined;
  readonly #now: () => number;

  constructor(options: DeadLetterWriterOptions) {
    this.#queue = options.queue;
    this.#keys = options.keys;
    this.#attempts = options.attempts;
    this.#now = options.now ?? Date.now;
  }

  /** The DLQ id a job gets (deterministic from its id and generation). */
  dlqIdFor(job: SourceJob): string {
    return dlqIdFor(job);
  }

  /** Writes a complete record; a second write of the same record changes nothing. */
  async write(record: DlqRecord): Promise<DlqWriteResult> {
    return this.#store(DlqRecord.parse(record));
  }

  /** Builds the record of a terminally failed job (attempts from the store unless given) and writes it. */
  async deadLetter(options: DeadLetterOptions): Promise<DlqWriteResult> {
    const attempts = options.attempts ?? (await this.#loadAttempts(options.job));
    // `buildDlqRecord` already validated the record: store it without parsing every attempt again.
    return this.#store(buildDlqRecord({ ...options, attempts, deadLetteredAt: new Date(this.#now()) }));
  }

  /** Writes a record already validated against {@link DlqRecord}. */
  async #store(valid: DlqRecord): Promise<DlqWriteResult> {
    const jobKey = this.#queue.toKey(valid.dlqId);
    const result = await execWithJobs({
      queue: this.#queue,
      commands: (tx) => {
        tx.script(
          indexDlqRecord14,
          ...indexDlqRecordCall({ keys: this.#keys, record: valid, jobKey, mode: 'write' }),
        );
        if (valid.attempts.length > 0) {
          const logKey = bullJobLogsKey({ queue: this.#queue, jobId: valid.dlqId });
          tx.script(writeAttemptLog1, logKey, ...valid.attempts.map(attemptLogLine));
        }
      },
      jobs: [
        {
          name: dlqJobName(valid),
          data: valid,
          opts: { jobId: valid.dlqId, attempts: 1, removeOnComplete: false, removeOnFail: false },
        },
      ],
    });
    if (result === null) throw new Error(`Writing DLQ record ${valid.dlqId} was aborted`);
    const [previous] = result.commandReplies[0] as [string | null, number];
    return { dlqId: valid.dlqId, created: previous !== valid.dlqId };
  }

  /**
   * Sweeps failed source jobs that have no DLQ record (stalled past `maxStalledCount`, failed outside a
   * processor, a worker that died between failing and writing) and writes one for each. Idempotent.
   * @returns the DLQ ids written by this sweep and how many failed jobs were looked at.
   */
  async reconcile(options: ReconcileOptions): Promise<{ scanned: number; written: string[] }> {
    const graceMs = options.graceMs ?? 30_000;
    const pageSize = options.pageSize ?? 200;
    const maxJobs = options.maxJobs ?? 10_000;
    const client = await options.sourceQueue.client;
    const written: string[] = [];
    let scanned = 0;
    for (let start = 0; start < maxJobs; start += pageSize) {
      const end = Math.min(start + pageSize, maxJobs) - 1;
      const page = await options.sourceQueue.getFailed(start, end);
      const jobs = page.filter((job) => job?.id);
      scanned += jobs.length;
      const recorded = jobs.length
        ? await client.hmget(this.#keys.dlqIndex(), ...jobs.map((job) => job.id as string))
        : [];
      const cutoff = this.#now() - graceMs;
      for (const [i, job] of jobs.entries()) {
        if (recorded[i] === dlqIdFor(job) || (job.finishedOn ?? 0) > cutoff) continue;
        const result = await this.deadLetter({ job, reason: unrecordedFailureReason(job) });
        if (result.created) written.push(result.dlqId);
        // The job already failed for good: its record now holds the attempts.
        await this.releaseAttempts(job);
      }
      if (page.length < end - start + 1) break;
    }
    return { scanned, written };
  }

  /**
   * Deletes a terminally failed job's attempt records once its DLQ record exists (the record holds
   * every attempt), so nothing of its history is lost. Call it only after the job left the active
   * state for good. A job without a record of this generation keeps its attempts (the reconciler
   * still needs them).
   * @returns true when the records were deleted.
   */
  async releaseAttempts(job: SourceJob): Promise<boolean> {
    if (!this.#attempts || !job.id) return false;
    const client = await this.#queue.client;
    if ((await client.hget(this.#keys.dlqIndex(), job.id)) !== dlqIdFor(job)) return false;
    await this.#attempts.clear(attemptJobKey(job));
    return true;
  }

  /**
   * The attempts of a job that failed for good: from its DLQ record of this generation when one is
   * written (its attempt records may already be released), else from the attempt store.
   */
  async attemptsOf(job: SourceJob): Promise<readonly AttemptRecord[]> {
    if (!job.id) return [];
    const record = await this.#queue.getJob(dlqIdFor(job));
    if (record) return DlqRecord.parse(record.data).attempts;
    return this.#loadAttempts(job);
  }

  async #loadAttempts(job: SourceJob): Promise<readonly AttemptRecord[]> {
    if (!this.#attempts || !job.id) return [];
    return this.#attempts.load(attemptJobKey(job));
  }
}
