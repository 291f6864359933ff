import type { DeadLetterWriter } from '@quarry/queue';
import type { Queue } from 'bullmq';
import type { Logger } from 'pino';
import { describeError } from './describe-error';

/** Options of {@link createReconciler}. */
export interface ReconcilerOptions {
  readonly deadLetters: DeadLetterWriter;
  /** The extraction queue whose failed jobs are checked for a DLQ record. */
  readonly sourceQueue: Queue;
  /** Failures younger than this are left to their processor. */
  readonly graceMs: number;
  /** Time between two scheduled sweeps. */
  readonly intervalMs: number;
  readonly log: Logger;
}

/** The periodic DLQ reconciler of a worker. */
export interface Reconciler {
  /** Runs one sweep now; a call during a sweep joins it. */
  reconcile(): Promise<{ scanned: number; written: string[] }>;
  /** Runs one sweep now and logs a failure instead of rejecting. */
  sweepQuietly(): void;
  /** Sweeps every `intervalMs` from now on; the timer does not keep the process alive. */
  start(): void;
  /** Stops the scheduled sweeps; a running one goes on (see {@link Reconciler.settled}). */
  stop(): void;
  /** Resolves once the running sweep, if any, has ended, whether it failed or not. */
  settled(): Promise<void>;
}

/**
 * Schedules DLQ reconciliation sweeps, at most one at a time, for failures no processor saw
 * (e.g. jobs stalled past `maxStalledCount`); records it had to write are logged.
 */
export function createReconciler(options: ReconcilerOptions): Reconciler {
  const { deadLetters, log } = options;
  let sweeping: Promise<{ scanned: number; written: string[] }> | null = null;
  let timer: NodeJS.Timeout | undefined;

  const reconcile = () => {
    sweeping ??= deadLetters
      .reconcile({ sourceQueue: options.sourceQueue, graceMs: options.graceMs })
      .then((result) => {
        if (result.written.length > 0) {
          log.warn(
            { written: result.written, scanned: result.scanned },
            'reconciler wrote missing DLQ records',
          );
        }
        return result;
      })
      .finally(() => {
        sweeping = null;
      });
    return sweeping;
  };
  const sweepQuietly = () => {
    reconcile().catch((error: unknown) =>
      log.error({ error: describeError(error) }, 'DLQ reconciliation failed'),
    );
  };

  return {
    reconcile,
    sweepQuietly,
    start() {
      timer = setInterval(sweepQuietly, options.intervalMs);
      timer.unref();
    },
    stop() {
      clearInterval(timer);
    },
    async settled() {
      await sweeping?.catch(() => undefined);
    },
  };
}
