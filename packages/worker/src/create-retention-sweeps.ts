import type { CompletedRetention } from '@quarry/queue';
import type { Logger } from 'pino';
import { describeError } from './describe-error';

/** Options of {@link createRetentionSweeps}. */
export interface RetentionSweepsOptions {
  readonly retention: Pick<CompletedRetention, 'sweep'>;
  /** Time between two sweeps. */
  readonly intervalMs: number;
  readonly log: Logger;
}

/** The periodic retention sweeps of a worker's completed jobs. */
export interface RetentionSweeps {
  /** Sweeps every `intervalMs` from now on; the timer does not keep the process alive. */
  start(): void;
  /** Stops the scheduled sweeps; a running one goes on (see {@link RetentionSweeps.settled}). */
  stop(): void;
  /** Resolves once the running sweep, if any, has ended. */
  settled(): Promise<void>;
}

/**
 * Sweeps the queue's completed jobs to their retention (`KEEP_COMPLETED_COUNT`,
 * `KEEP_COMPLETED_AGE_HOURS`) every interval, at most one sweep at a time; a failed sweep is logged
 * and the next one tries again.
 */
export function createRetentionSweeps(options: RetentionSweepsOptions): RetentionSweeps {
  const { log } = options;
  let sweeping: Promise<void> | null = null;
  let timer: NodeJS.Timeout | undefined;
  const sweep = () => {
    sweeping ??= options.retention
      .sweep()
      .then(({ removedByCount, removedByAge }) => {
        if (removedByCount + removedByAge > 0) {
          log.debug({ removedByCount, removedByAge }, 'completed jobs removed by retention');
        }
      })
      .catch((error: unknown) => log.warn({ error: describeError(error) }, 'retention sweep failed'))
      .finally(() => {
        sweeping = null;
      });
  };
  return {
    start() {
      timer = setInterval(sweep, options.intervalMs);
      timer.unref();
    },
    stop() {
      clearInterval(timer);
    },
    async settled() {
      await sweeping;
    },
  };
}
