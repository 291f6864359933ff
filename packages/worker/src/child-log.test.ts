import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { childLog } from './child-log';

describe('childLog', () => {
  it('binds the fields when the logger writes, and returns a silent logger as it is', () => {
    const lines: string[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
    childLog(log, { jobId: 'j1' }).info('hello');
    expect(JSON.parse(lines[0] ?? '{}')).toMatchObject({ jobId: 'j1', msg: 'hello' });
    const silent = pino({ level: 'silent' });
    expect(childLog(silent, { jobId: 'j1' })).toBe(silent);
  });
});
