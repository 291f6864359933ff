import type { Triage } from '@quarry/triage';
import type { Logger } from 'pino';

/** Prunes replayed DLQ records past their retention every `intervalMs`; returns a function that stops it. */
export function pruneReplayedEvery(options: {
  readonly triage: Triage;
  readonly log: Logger;
  readonly intervalMs: number;
}): () => void {
  const { triage, log } = options;
  const prune = () =>
    triage.pruneReplayed().then(
      ({ removed }) =>
        removed.length > 0 && log.info({ removed: removed.length }, 'pruned replayed DLQ records'),
      (error: unknown) =>
        log.error({ err: { message: (error as Error).message } }, 'pruning replayed DLQ records failed'),
    );
  const timer = setInterval(prune, options.intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
