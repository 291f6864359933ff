import { createLogger, type LogFormat, type LogLevel } from '@quarry/logging';
import type { DestinationStream, Logger } from 'pino';

/** The service name on every line the dashboard logs. */
export const DASHBOARD_SERVICE = 'quarry-dashboard';

/** Options of {@link createDashboardLogger}. */
export interface CreateDashboardLoggerOptions {
  readonly level: LogLevel;
  /** Default `auto`: pretty on a terminal, JSON lines otherwise. */
  readonly format?: LogFormat;
  /** Where lines go; standard output by default. */
  readonly destination?: DestinationStream;
}

/**
 * The dashboard's pino logger (`service: quarry-dashboard`), objects first, with the redaction of
 * `@quarry/logging`: passwords, secrets, authorization and cookie headers and the password inside a
 * Redis URL never reach a line. The dashboard logs no request headers, cookies or form fields.
 */
export function createDashboardLogger(options: CreateDashboardLoggerOptions): Logger {
  return createLogger({
    service: DASHBOARD_SERVICE,
    level: options.level,
    ...(options.format ? { format: options.format } : {}),
    ...(options.destination ? { destination: options.destination } : {}),
  });
}
