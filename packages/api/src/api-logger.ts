import { createLogger, type LogFormat, type LogLevel } from '@quarry/logging';
import type { DestinationStream, Logger } from 'pino';

/** The service name on every line the HTTP API logs. */
export const API_SERVICE = 'quarry-api';

/**
 * The HTTP API's pino logger (`service: quarry-api`) with the redaction of `@quarry/logging`. The API
 * logs no request bodies, headers or keys.
 */
export function createApiLogger(options: {
  readonly level: LogLevel;
  readonly format?: LogFormat;
  readonly destination?: DestinationStream;
}): Logger {
  return createLogger({
    service: API_SERVICE,
    level: options.level,
    ...(options.format ? { format: options.format } : {}),
    ...(options.destination ? { destination: options.destination } : {}),
  });
}
