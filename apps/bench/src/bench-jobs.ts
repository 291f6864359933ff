import type { QuarryClient } from '@quarry/client';
import type { JobData } from '@quarry/queue';
import { EXTRACTION_JOB_NAME } from '@quarry/queue';
import type { Queue } from 'bullmq';
import { type BenchCorpus, documentText } from './bench-corpus';

/** Jobs added per round trip while filling a queue. */
const CHUNK = 500;

/**
 * The job data of the bench's `i`-th job: a shipped sample with the reference `<run>-<i>`, and
 * `appendix` (e.g. pages of terms) between the two when given.
 */
export function benchJobData(corpus: BenchCorpus, run: string, i: number, appendix = ''): JobData {
  const sample = corpus.sampleAt(i);
  return {
    workflow: sample.workflow,
    version: sample.version,
    input: { text: documentText({ ...sample, text: `${sample.text}${appendix}` }, referenceOf(run, i)) },
  };
}

/** The reference of the `i`-th job of a run (names its document at the stand-in). */
export const referenceOf = (run: string, i: number): string => `${run}-${i}`;

/** Enqueues `count` bench jobs through the producer client (validated, in transactions of 500). */
export async function fillWithClient(options: {
  readonly client: QuarryClient;
  readonly corpus: BenchCorpus;
  readonly run: string;
  readonly count: number;
  readonly from?: number;
  /** Text added to every document (see {@link benchJobData}). */
  readonly appendix?: string;
  /** The tenant every job is enqueued for (none: the default tenant). */
  readonly tenant?: string;
}): Promise<string[]> {
  const ids: string[] = [];
  const from = options.from ?? 0;
  for (let start = from; start < from + options.count; start += CHUNK) {
    const end = Math.min(start + CHUNK, from + options.count);
    const requests = [];
    for (let i = start; i < end; i += 1) {
      const data = benchJobData(options.corpus, options.run, i, options.appendix);
      requests.push({
        workflow: data.workflow,
        input: data.input,
        options: { version: data.version, ...(options.tenant ? { tenant: options.tenant } : {}) },
      });
    }
    const jobs = await options.client.enqueueMany(requests);
    ids.push(...jobs.map((job) => job.jobId));
  }
  return ids;
}

/** Adds `count` jobs carrying the same data as the bench's Quarry jobs straight to a BullMQ queue. */
export async function fillRaw(options: {
  readonly queue: Queue;
  readonly corpus: BenchCorpus;
  readonly run: string;
  readonly count: number;
}): Promise<void> {
  for (let start = 0; start < options.count; start += CHUNK) {
    const end = Math.min(start + CHUNK, options.count);
    const jobs = [];
    for (let i = start; i < end; i += 1) {
      jobs.push({ name: EXTRACTION_JOB_NAME, data: benchJobData(options.corpus, options.run, i) });
    }
    await options.queue.addBulk(jobs);
  }
}
