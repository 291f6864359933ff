import { Writable } from 'node:stream';
import type { ReplayProgress } from '@quarry/triage';
import { describe, expect, it } from 'vitest';
import { replayProgressBar } from './replay-progress-bar';

/** A stream that records what is written to it; a terminal when `isTTY`. */
function recorder(isTTY: boolean) {
  const written: string[] = [];
  const stream = Object.assign(
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        written.push(chunk.toString());
        done();
      },
    }),
    { isTTY, columns: 100 },
  );
  return { stream, text: () => written.join('') };
}

const ask = async () => '';

/** What a bar on a stream (a terminal when `isTTY`) writes for `updates`, then stopped. */
function drawn(isTTY: boolean, updates: readonly ReplayProgress[]): string {
  const { stream, text } = recorder(isTTY);
  const bar = replayProgressBar({ stream, ask });
  for (const update of updates) bar.update(update);
  bar.stop();
  return text();
}

describe('replayProgressBar', () => {
  it('draws done/total and the last outcome on a terminal, then ends the line', () => {
    const text = drawn(true, [
      { done: 1, total: 4, dlqId: 'dlq-a', outcome: 'replayed' },
      { done: 4, total: 4, dlqId: 'dlq-d', outcome: 'skipped' },
    ]);
    expect(text).toMatch(/\[#{30}\] 4\/4 skipped dlq-d(?![\w-])/);
    expect(text.endsWith('\n')).toBe(true);
  });

  it('shows control characters of a DLQ id escaped', () => {
    const text = drawn(true, [{ done: 1, total: 1, dlqId: 'dlq-\u001b]0;pwned\u0007', outcome: 'failed' }]);
    expect(text).toContain('1/1 failed dlq-\\u001b]0;pwned\\u0007');
    expect(text).not.toContain('\u0007');
  });

  it('draws nothing when standard error is not a terminal', () => {
    expect(drawn(false, [{ done: 1, total: 2, dlqId: 'dlq-a', outcome: 'replayed' }])).toBe('');
  });

  it('writes nothing when no progress came', () => {
    expect(drawn(true, [])).toBe('');
  });
});
