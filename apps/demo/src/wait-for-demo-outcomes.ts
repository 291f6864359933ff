import type { EnqueuedJob, QuarryClient } from '@quarry/client';
import type { Sample } from '@quarry/samples';
import { createProgress } from './demo-progress';
import { countOutcomes } from './demo-summary';
import { type JobOutcome, waitForOutcome } from './job-outcome';

/**
 * Waits for the outcome of every job (`jobs[i]` enqueued from `samples[i]`), showing progress on
 * `stream` as they finish; in the order of `jobs`.
 */
export async function waitForDemoOutcomes(options: {
  readonly client: QuarryClient;
  readonly jobs: readonly EnqueuedJob[];
  readonly samples: readonly Sample[];
  readonly timeoutMs: number;
  readonly signal: AbortSignal;
  readonly stream: NodeJS.WriteStream;
}): Promise<JobOutcome[]> {
  const progress = createProgress({ total: options.jobs.length, stream: options.stream });
  const finished: JobOutcome[] = [];
  const outcomes = await Promise.all(
    options.jobs.map((job, i) =>
      waitForOutcome({
        client: options.client,
        jobId: job.jobId,
        sample: options.samples[i] as Sample,
        timeoutMs: options.timeoutMs,
        signal: options.signal,
      }).then((outcome) => {
        finished.push(outcome);
        progress.update(countOutcomes(finished), finished.length);
        return outcome;
      }),
    ),
  );
  progress.stop();
  return outcomes;
}
