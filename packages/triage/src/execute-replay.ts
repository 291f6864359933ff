import type { QuarryQueues } from '@quarry/queue';
import type { Redis } from 'ioredis';
import { createPacer } from './pacer';
import type { ReplayJobStep } from './plan-replay';
import { ReplayLane } from './replay-lane';
import type { ReplayProgress, ReplayReport } from './replay-report';

/** Options of {@link executeReplay}. */
export interface ExecuteReplayOptions {
  readonly steps: readonly ReplayJobStep[];
  readonly connection: Redis;
  readonly queues: QuarryQueues;
  readonly concurrency: number;
  /** New jobs per second at most; undefined for no limit. */
  readonly rate: number | undefined;
  readonly now: () => number;
  readonly sleep: (ms: number) => Promise<void>;
  readonly onProgress?: ((progress: ReplayProgress) => void) | undefined;
}

/**
 * Adds the planned jobs, `concurrency` at a time (one connection per lane), paced by `rate`. Each
 * step is its own transaction; a record replayed meanwhile by someone else is skipped, and an error
 * on one record is reported without stopping the others.
 */
export async function executeReplay(options: ExecuteReplayOptions): Promise<{
  jobs: ReplayReport['jobs'][number][];
  skipped: ReplayReport['skipped'][number][];
  failed: ReplayReport['failed'][number][];
}> {
  const { steps, now } = options;
  const jobs: ReplayReport['jobs'][number][] = [];
  const skipped: ReplayReport['skipped'][number][] = [];
  const failed: ReplayReport['failed'][number][] = [];
  const pacer = createPacer({ ratePerSecond: options.rate, now, sleep: options.sleep });
  const lanes = Array.from(
    { length: Math.min(options.concurrency, steps.length) },
    () =>
      new ReplayLane({
        connection: options.connection,
        dlq: options.queues.dlq,
        keys: options.queues.keys,
        config: options.queues.config,
      }),
  );
  let next = 0;
  let done = 0;
  const report = (dlqId: string, outcome: ReplayProgress['outcome']) => {
    done += 1;
    options.onProgress?.({ done, total: steps.length, dlqId, outcome });
  };
  try {
    await Promise.all(
      lanes.map(async (lane) => {
        for (let step = steps[next++]; step; step = steps[next++]) {
          await pacer.wait();
          try {
            const written = await lane.write(step, new Date(now()));
            if (written.outcome === 'replayed') {
              jobs.push({ dlqId: step.dlqId, newJobId: written.newJobId });
              report(step.dlqId, 'replayed');
            } else {
              skipped.push({ dlqId: step.dlqId, why: written.why, reason: 'replayed' });
              report(step.dlqId, 'skipped');
            }
          } catch (error) {
            const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
            failed.push({ dlqId: step.dlqId, error: message });
            report(step.dlqId, 'failed');
          }
        }
      }),
    );
  } finally {
    await Promise.all(lanes.map((lane) => lane.close()));
  }
  return { jobs, skipped, failed };
}
