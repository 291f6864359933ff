import { redactRedisUrl } from '@quarry/queue';
import { type Logger, type LoggerOptions, pino } from 'pino';

/** Paths that may hold secrets in a log object; URLs are redacted, everything else censored. */
const secretPaths = [
  'apiKey',
  '*.apiKey',
  '*.*.apiKey',
  'authorization',
  '*.authorization',
  '*.headers.authorization',
  '*.headers["x-api-key"]',
  'redisUrl',
  '*.redisUrl',
  'password',
  '*.password',
];

/** Options of {@link createLogger}. */
export interface CreateLoggerOptions {
  readonly level: LoggerOptions['level'];
  /** Where lines go; standard output by default. */
  readonly destination?: pino.DestinationStream;
}

/**
 * The worker's pino logger: JSON lines, objects first (`log.info({ jobId }, 'msg')`), secrets redacted
 * (API keys, passwords, credentials inside Redis URLs). Callers never log document text or model output.
 */
export function createLogger(options: CreateLoggerOptions): Logger {
  const loggerOptions: LoggerOptions = {
    level: options.level ?? 'info',
    base: { service: 'quarry-worker' },
    redact: {
      paths: secretPaths,
      censor: (value, path) =>
        path.at(-1) === 'redisUrl' && typeof value === 'string' ? redactRedisUrl(value) : '[redacted]',
    },
  };
  return options.destination ? pino(loggerOptions, options.destination) : pino(loggerOptions);
}
