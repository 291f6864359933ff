import { Writable } from 'node:stream';
import type { Logger } from 'pino';
import { createLogger } from '../create-logger';

/** A worker logger at `info` whose lines are kept, parsed, in `lines`. */
export function captureLog(): { lines: Record<string, unknown>[]; log: Logger } {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { lines, log: createLogger({ level: 'info', destination }) };
}
