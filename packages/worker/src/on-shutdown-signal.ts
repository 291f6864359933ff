import type { Logger } from 'pino';
import { describeError } from './describe-error';

/**
 * Runs `shutdown` once on the first SIGTERM or SIGINT; a second signal exits at once (exit code 130).
 * Returns a function that removes the handlers.
 */
export function onShutdownSignal(options: {
  readonly shutdown: (signal: NodeJS.Signals) => Promise<void>;
  readonly log: Logger;
  readonly signals?: readonly NodeJS.Signals[];
}): () => void {
  const signals = options.signals ?? (['SIGTERM', 'SIGINT'] as const);
  let shuttingDown = false;
  const handler = (signal: NodeJS.Signals) => {
    if (shuttingDown) {
      options.log.warn({ signal }, 'second signal during shutdown, exiting now');
      process.exit(130);
    }
    shuttingDown = true;
    options.log.info({ signal }, 'shutting down');
    options.shutdown(signal).then(
      () => exitAfterFlush(options.log, 0),
      (error: unknown) => {
        options.log.error({ error: describeError(error) }, 'shutdown failed');
        exitAfterFlush(options.log, 1);
      },
    );
  };
  for (const signal of signals) process.on(signal, handler);
  return () => {
    for (const signal of signals) process.off(signal, handler);
  };
}

/**
 * Exits once every log line is written. Lines still in flight would otherwise land after the ones
 * pino flushes synchronously at exit, out of order.
 */
export function exitAfterFlush(log: Logger, code: number): void {
  log.flush(() => process.exit(code));
}
