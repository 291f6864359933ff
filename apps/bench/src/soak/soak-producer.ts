import { setTimeout as sleep } from 'node:timers/promises';
import { type QuarryClient, RedisUnavailableError } from '@quarry/client';
import type { BlobKey } from '@quarry/core';
import type { Queue } from 'bullmq';
import type { BenchCorpus } from '../bench-corpus';
import { benchJobData, referenceOf } from '../bench-jobs';
import { isDocumentJob, type SoakDocuments } from './soak-documents';
import { laneOfJob } from './soak-lane';
import type { SoakOptions } from './soak-options';

/** Jobs the producer adds per round (the text jobs of a round in one transaction). */
const CHUNK = 250;

/** What the producer enqueued. */
export interface SoakProduction {
  /** Job id → the reference naming its document at the stand-in (shared by jobs with the same bytes). */
  readonly enqueued: Map<string, string>;
  /** Job id → the blob its document is stored as, for document jobs. */
  readonly documents: Map<string, BlobKey>;
  /** Document puts that found their bytes stored already (a repeated document, or a retried enqueue). */
  puts: { created: number; found: number };
}

/**
 * Enqueues the soak's jobs through the client while the workers run, topping the queue up to
 * `backlog` waiting jobs: text jobs with `enqueueMany`, document jobs with `enqueueDocument` (the
 * PDF stored in the blob store, then the job added referring to it), each with an idempotency key,
 * so a round refused while Redis restarts is simply tried again.
 */
export async function produceSoakJobs(options: {
  readonly soak: SoakOptions;
  readonly client: QuarryClient;
  readonly queue: Queue;
  readonly corpus: BenchCorpus;
  readonly documents: SoakDocuments;
  readonly into: SoakProduction;
}): Promise<void> {
  const { soak, client, queue, corpus, documents, into } = options;
  for (let from = 0; from < soak.jobs; ) {
    // Jobs the client enqueues wait as prioritized (their place in the fair order between tenants).
    const waiting = await queue
      .getJobCountByTypes('wait', 'paused', 'prioritized')
      .catch(() => Number.POSITIVE_INFINITY);
    if (waiting >= soak.backlog) {
      await sleep(100);
      continue;
    }
    const count = Math.min(CHUNK, soak.jobs - from);
    const indices = Array.from({ length: count }, (_, k) => from + k);
    const textJobs = indices.filter((i) => !isDocumentJob(soak.documentShare, i));
    const requests = textJobs.map((i) => {
      const data = benchJobData(corpus, 'soak', i);
      return {
        workflow: data.workflow,
        input: data.input,
        options: { ...optionsOf(soak, i), version: data.version },
      };
    });
    try {
      const jobs = await client.enqueueMany(requests);
      for (const [k, job] of jobs.entries())
        into.enqueued.set(job.jobId, referenceOf('soak', textJobs[k] as number));
      for (const i of indices.filter((index) => isDocumentJob(soak.documentShare, index))) {
        const document = await documents.documentOf(i);
        const job = await client.enqueueDocument({
          workflow: document.workflow,
          bytes: document.bytes,
          mediaType: 'application/pdf',
          options: { ...optionsOf(soak, i), version: document.version },
        });
        into.enqueued.set(job.jobId, document.reference);
        into.documents.set(job.jobId, job.document.key);
        if (job.document.stored) into.puts.created += 1;
        else into.puts.found += 1;
      }
      from += count;
    } catch (error) {
      // Redis is restarting: the same idempotency keys make the retry safe.
      if (!(error instanceof RedisUnavailableError)) throw error;
      await sleep(250);
    }
  }
}

const optionsOf = (soak: SoakOptions, i: number) => ({
  idempotencyKey: referenceOf('soak', i),
  lane: laneOfJob(soak.lane, i),
});
