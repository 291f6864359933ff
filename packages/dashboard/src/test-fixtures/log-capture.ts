import { Writable } from 'node:stream';
import type { LogLevel } from '@quarry/logging';
import type { Logger } from 'pino';
import { createDashboardLogger } from '../dashboard-logger';

/** The dashboard's own logger writing JSON lines into memory. */
export interface LogCapture {
  readonly logger: Logger;
  /** Everything written so far, as it would reach standard output. */
  text(): string;
  /** The lines parsed. */
  lines(): Record<string, unknown>[];
}

/** A {@link createDashboardLogger} logger at `level` (default `trace`) whose JSON lines are kept. */
export function captureLogs(level: LogLevel = 'trace'): LogCapture {
  const chunks: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      chunks.push(String(chunk));
      done();
    },
  });
  const logger = createDashboardLogger({ level, format: 'json', destination });
  return {
    logger,
    text: () => chunks.join(''),
    lines: () =>
      chunks
        .join('')
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}
