import { createLogger as createQuarryLogger, type LogFormat, type LogLevel } from '@quarry/logging';
import type { DestinationStream, Logger } from 'pino';

/** Options of {@link createLogger}. */
export interface CreateLoggerOptions {
  readonly level: LogLevel;
  /** Default `auto`: pretty on a terminal, JSON lines otherwise. */
  readonly format?: LogFormat;
  /** Where lines go; standard output by default. */
  readonly destination?: DestinationStream;
  /** Fields added to every line, e.g. `trace_id` and `span_id` of the active span when tracing is on. */
  readonly mixin?: () => object;
}

/**
 * The worker's pino logger (`service: quarry-worker`): JSON lines, objects first
 * (`log.info({ jobId }, 'msg')`), secrets redacted (API keys, passwords, credentials inside Redis
 * URLs). Callers never log document text or model output.
 */
export function createLogger(options: CreateLoggerOptions): Logger {
  return createQuarryLogger({
    service: 'quarry-worker',
    level: options.level,
    ...(options.format ? { format: options.format } : {}),
    ...(options.destination ? { destination: options.destination } : {}),
    ...(options.mixin ? { mixin: options.mixin } : {}),
  });
}
