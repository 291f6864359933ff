import type { QuarryQueues, RedisClient } from '@quarry/queue';
import { createPacer, type Pacer } from './pacer';
import type { ReplayJobStep } from './plan-replay';
import { ReplayLane } from './replay-lane';
import type { ReplayProgress, ReplayReport } from './replay-report';

/** Options of {@link ReplayExecutor}. */
export interface ReplayExecutorOptions {
  readonly connection: RedisClient;
  readonly queues: QuarryQueues;
  readonly concurrency: number;
  /** New jobs per second at most; undefined for no limit. */
  readonly rate: number | undefined;
  readonly now: () => number;
  readonly sleep: (ms: number) => Promise<void>;
  readonly onProgress?: ((progress: ReplayProgress) => void) | undefined;
  /** Steps of the whole replay, for progress reports. */
  readonly total: number;
}

/** What running some steps did. */
export interface ReplayRun {
  readonly jobs: ReplayReport['jobs'][number][];
  readonly skipped: ReplayReport['skipped'][number][];
  readonly failed: ReplayReport['failed'][number][];
}

/**
 * Adds planned jobs, `concurrency` at a time (one connection per lane, opened as needed and kept until
 * `close`), paced by `rate` across every `run`, so a replay can be fed page by page. Each step is its
 * own transaction; a record replayed meanwhile by someone else is skipped, and an error on one record
 * is reported without stopping the others.
 */
export class ReplayExecutor {
  readonly #options: ReplayExecutorOptions;
  readonly #pacer: Pacer;
  readonly #lanes: ReplayLane[] = [];
  #done = 0;

  constructor(options: ReplayExecutorOptions) {
    this.#options = options;
    this.#pacer = createPacer({ ratePerSecond: options.rate, now: options.now, sleep: options.sleep });
  }

  /** Runs the steps (in order, spread over the lanes) and says what each did. */
  async run(steps: readonly ReplayJobStep[]): Promise<ReplayRun> {
    const { queues, now, onProgress, total } = this.#options;
    const wanted = Math.min(this.#options.concurrency, steps.length);
    while (this.#lanes.length < wanted) {
      this.#lanes.push(
        new ReplayLane({
          connection: this.#options.connection,
          dlq: queues.dlq,
          keys: queues.keys,
          config: queues.config,
        }),
      );
    }
    const run: ReplayRun = { jobs: [], skipped: [], failed: [] };
    const report = (dlqId: string, outcome: ReplayProgress['outcome']) => {
      this.#done += 1;
      onProgress?.({ done: this.#done, total, dlqId, outcome });
    };
    let next = 0;
    await Promise.all(
      this.#lanes.slice(0, wanted).map(async (lane) => {
        for (let step = steps[next++]; step; step = steps[next++]) {
          await this.#pacer.wait();
          try {
            const written = await lane.write(step, new Date(now()));
            if (written.outcome === 'replayed') {
              run.jobs.push({ dlqId: step.dlqId, newJobId: written.newJobId });
              report(step.dlqId, 'replayed');
            } else {
              run.skipped.push({ dlqId: step.dlqId, why: written.why, reason: 'replayed' });
              report(step.dlqId, 'skipped');
            }
          } catch (error) {
            const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
            run.failed.push({ dlqId: step.dlqId, error: message });
            report(step.dlqId, 'failed');
          }
        }
      }),
    );
    return run;
  }

  /** Closes the lanes' connections. */
  async close(): Promise<void> {
    await Promise.all(this.#lanes.splice(0).map((lane) => lane.close()));
  }
}
