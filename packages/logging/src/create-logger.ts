import { scrubSecrets } from '@quarry/env';
import { type DestinationStream, type Logger, type LoggerOptions, pino } from 'pino';
import pinoPretty from 'pino-pretty';
import type { LogFormat, LogLevel } from './log-level';
import { redactPaths, redactUrl } from './redact-paths';

/** Options of {@link createLogger}. */
export interface CreateLoggerOptions {
  /** Bound as `service` on every line, e.g. `quarry-worker`. */
  readonly service: string;
  /** Default `info`. */
  readonly level?: LogLevel;
  /** Default `auto`: pretty when the lines go to a terminal, JSON lines otherwise. */
  readonly format?: LogFormat;
  /** Where lines go. Default standard output. */
  readonly destination?: DestinationStream;
  /**
   * Fields added to every line (pino's `mixin`), e.g. `trace_id` and `span_id` of the active span
   * when tracing is on. Absent: none, at no cost.
   */
  readonly mixin?: () => object;
}

const URL_FIELDS = new Set(['redisUrl', 'REDIS_URL']);

/** Whether `auto` means pretty: only when writing to standard output and it is a terminal. */
function prettyWanted(format: LogFormat, destination: DestinationStream | undefined): boolean {
  if (format !== 'auto') return format === 'pretty';
  return destination === undefined && process.stdout.isTTY === true;
}

/**
 * A pino logger for a Quarry app: objects first (`log.info({ jobId }, 'msg')`), JSON lines by
 * default and pretty on a terminal, secrets redacted twice — by field (API keys, passwords,
 * authorization headers, credentials inside Redis URLs) and by pattern over each finished line
 * (API keys, URL passwords, bearer tokens wherever they appear). Callers never log document text or
 * model output.
 */
export function createLogger(options: CreateLoggerOptions): Logger {
  const format = options.format ?? 'auto';
  const loggerOptions: LoggerOptions = {
    level: options.level ?? 'info',
    base: { service: options.service, pid: process.pid },
    redact: {
      paths: [...redactPaths],
      censor: (value, path) => (URL_FIELDS.has(path.at(-1) ?? '') ? redactUrl(value) : '[redacted]'),
    },
    hooks: { streamWrite: (line) => scrubSecrets(line) },
    ...(options.mixin ? { mixin: options.mixin } : {}),
  };
  if (prettyWanted(format, options.destination)) {
    const pretty = pinoPretty({
      colorize: options.destination === undefined && process.stdout.isTTY === true,
      translateTime: 'SYS:HH:MM:ss.l',
      ignore: 'pid,hostname,service',
      ...(options.destination ? { destination: options.destination } : {}),
    });
    return pino(loggerOptions, pretty);
  }
  return options.destination ? pino(loggerOptions, options.destination) : pino(loggerOptions);
}
