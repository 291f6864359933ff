import type { QuarryClient } from '@quarry/client';
import { termsAppendix } from '../appendix-text';
import type { BenchCorpus } from '../bench-corpus';
import { benchJobData } from '../bench-jobs';

/** Jobs added per round trip. */
const CHUNK = 500;

/** Pattern naming a tenant bench document by its run (`<run>-<i>`), so the stand-in counts per run. */
export const RUN_PATTERN = 'Reference: ([a-z]+)-[0-9]+';

/** Options of {@link fillTenant}. */
export interface FillTenantOptions {
  readonly client: QuarryClient;
  readonly corpus: BenchCorpus;
  /** Lower-case letters: names the documents `<run>-<i>` ({@link RUN_PATTERN}). */
  readonly run: string;
  readonly count: number;
  /** The jobs' tenant; none: the jobs carry no tenant (`default`). */
  readonly tenant?: string;
  /** Characters each document has at least (a sample, then pages of terms). Default: the sample's. */
  readonly characters?: number;
  /** Number of the first job. Default 0. */
  readonly from?: number;
}

/** Enqueues `count` bench jobs of one tenant through the client, 500 at a time; returns their ids. */
export async function fillTenant(options: FillTenantOptions): Promise<string[]> {
  const { client, corpus, run } = options;
  const from = options.from ?? 0;
  const ids: string[] = [];
  for (let start = from; start < from + options.count; start += CHUNK) {
    const requests = [];
    for (let i = start; i < Math.min(start + CHUNK, from + options.count); i += 1) {
      const missing = (options.characters ?? 0) - corpus.sampleAt(i).text.length;
      const data = benchJobData(corpus, run, i, missing > 0 ? termsAppendix(missing) : '');
      requests.push({
        workflow: data.workflow,
        input: data.input,
        options: { version: data.version, ...(options.tenant ? { tenant: options.tenant } : {}) },
      });
    }
    const jobs = await client.enqueueMany(requests);
    ids.push(...jobs.map((job) => job.jobId));
  }
  return ids;
}
