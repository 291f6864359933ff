import { DlqRecord, dlqJobTypes, ExtractionJobResult } from '@quarry/queue';
import type { Job, JobType, Queue } from 'bullmq';

/** A completed extraction job. */
export interface CompletedJob {
  readonly jobId: string;
  readonly data: unknown;
  readonly result: ExtractionJobResult;
  /** How often BullMQ found it stalled (its worker died or lost the lock). */
  readonly stalledCounter: number;
}

/** Where every job of a run ended. */
export interface RunOutcomes {
  readonly completed: readonly CompletedJob[];
  /** Ids of jobs in the failed set. */
  readonly failedJobIds: readonly string[];
  /** Stalls of the failed jobs, by id. */
  readonly failedStalls: ReadonlyMap<string, number>;
  readonly deadLettered: readonly DlqRecord[];
  /** Jobs of the DLQ queue whose data is not a DLQ record. */
  readonly unreadableDlqJobs: readonly string[];
}

const PAGE = 1000;

async function* jobsOf(queue: Queue, types: JobType[]): AsyncGenerator<Job> {
  for (let start = 0; ; start += PAGE) {
    const page = await queue.getJobs(types, start, start + PAGE - 1, true);
    for (const job of page) if (job) yield job;
    if (page.length < PAGE) return;
  }
}

/** Reads every completed and failed job of `queue` and every record of `dlq`. */
export async function readOutcomes(queue: Queue, dlq: Queue): Promise<RunOutcomes> {
  const completed: CompletedJob[] = [];
  for await (const job of jobsOf(queue, ['completed'])) {
    completed.push({
      jobId: job.id as string,
      data: job.data,
      result: ExtractionJobResult.parse(job.returnvalue),
      stalledCounter: job.stalledCounter ?? 0,
    });
  }
  const failedJobIds: string[] = [];
  const failedStalls = new Map<string, number>();
  for await (const job of jobsOf(queue, ['failed'])) {
    failedJobIds.push(job.id as string);
    failedStalls.set(job.id as string, job.stalledCounter ?? 0);
  }
  const deadLettered: DlqRecord[] = [];
  const unreadableDlqJobs: string[] = [];
  for await (const job of jobsOf(dlq, [...dlqJobTypes])) {
    const parsed = DlqRecord.safeParse(job.data);
    if (parsed.success) deadLettered.push(parsed.data);
    else unreadableDlqJobs.push(job.id as string);
  }
  return { completed, failedJobIds, failedStalls, deadLettered, unreadableDlqJobs };
}

/** Job counts of a queue that matter for "is everything finished". */
export async function pendingCount(queue: Queue): Promise<number> {
  const counts = await queue.getJobCounts(
    'wait',
    'paused',
    'active',
    'delayed',
    'prioritized',
    'waiting-children',
  );
  return Object.values(counts).reduce((sum, n) => sum + n, 0);
}
