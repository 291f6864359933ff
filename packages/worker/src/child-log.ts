import type { Bindings, Logger } from 'pino';

/**
 * `log.child(bindings)`, or `log` itself when it writes nothing at any level (`silent`): a child of a
 * silent logger would only cost its bindings' serialisation on every job.
 */
export function childLog(log: Logger, bindings: Bindings): Logger {
  return log.isLevelEnabled('fatal') ? log.child(bindings) : log;
}
