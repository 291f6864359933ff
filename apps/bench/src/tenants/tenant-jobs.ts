import type { EnqueueRequest, QuarryClient } from '@quarry/client';
import { termsAppendix } from '../appendix-text';
import type { BenchCorpus } from '../bench-corpus';
import { benchJobData } from '../bench-jobs';

/** Jobs added per round trip. */
const CHUNK = 500;

/** Pattern naming a tenant bench document by its run (`<run>-<i>`), so the stand-in counts per run. */
export const RUN_PATTERN = 'Reference: ([a-z]+)-[0-9]+';

/** One job of a tenant bench run: its document `<run>-<i>`, of at least `characters` characters. */
export interface TenantJob {
  /** Lower-case letters: names the documents `<run>-<i>` ({@link RUN_PATTERN}). */
  readonly run: string;
  readonly i: number;
  /** The job's tenant; none: the job carries no tenant (`default`). */
  readonly tenant?: string | undefined;
  /** Characters the document has at least (a sample, then pages of terms). Default: the sample's. */
  readonly characters?: number | undefined;
}

/** The enqueue request of a tenant bench job. */
function tenantJobRequest(corpus: BenchCorpus, job: TenantJob): EnqueueRequest {
  const missing = (job.characters ?? 0) - corpus.sampleAt(job.i).text.length;
  const data = benchJobData(corpus, job.run, job.i, missing > 0 ? termsAppendix(missing) : '');
  return {
    workflow: data.workflow,
    input: data.input,
    options: { version: data.version, ...(job.tenant ? { tenant: job.tenant } : {}) },
  };
}

/** Enqueues jobs in the order given through the client, 500 at a time; returns their ids. */
export async function enqueueTenantJobs(options: {
  readonly client: QuarryClient;
  readonly corpus: BenchCorpus;
  readonly jobs: readonly TenantJob[];
}): Promise<string[]> {
  const ids: string[] = [];
  for (let start = 0; start < options.jobs.length; start += CHUNK) {
    const chunk = options.jobs.slice(start, start + CHUNK);
    const enqueued = await options.client.enqueueMany(
      chunk.map((job) => tenantJobRequest(options.corpus, job)),
    );
    ids.push(...enqueued.map((job) => job.jobId));
  }
  return ids;
}

/** Options of {@link fillTenant}. */
export interface FillTenantOptions extends Omit<TenantJob, 'i'> {
  readonly client: QuarryClient;
  readonly corpus: BenchCorpus;
  readonly count: number;
  /** Number of the first job. Default 0. */
  readonly from?: number;
}

/** Enqueues `count` bench jobs of one tenant run (`<run>-<from>` on); returns their ids. */
export function fillTenant(options: FillTenantOptions): Promise<string[]> {
  const { client, corpus, count, from = 0, ...job } = options;
  const jobs = Array.from({ length: count }, (_, n) => ({ ...job, i: from + n }));
  return enqueueTenantJobs({ client, corpus, jobs });
}
