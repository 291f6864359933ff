import { Writable } from 'node:stream';
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

describe('replayProgressBar', () => {
  it('draws done/total and the last outcome on a terminal, then ends the line', () => {
    const { stream, text } = recorder(true);
    const bar = replayProgressBar({ stream, ask });
    bar.update({ done: 1, total: 4, dlqId: 'dlq-a', outcome: 'replayed' });
    bar.update({ done: 4, total: 4, dlqId: 'dlq-d', outcome: 'skipped' });
    bar.stop();
    expect(text()).toMatch(/\[#{30}\] 4\/4 skipped dlq-d(?![\w-])/);
    expect(text().endsWith('\n')).toBe(true);
  });

  it('shows control characters of a DLQ id escaped', () => {
    const { stream, text } = recorder(true);
    const bar = replayProgressBar({ stream, ask });
    bar.update({ done: 1, total: 1, dlqId: 'dlq-\u001b]0;pwned\u0007', outcome: 'failed' });
    bar.stop();
    expect(text()).toContain('1/1 failed dlq-\\u001b]0;pwned\\u0007');
    expect(text()).not.toContain('\u0007');
  });

  it('draws nothing when standard error is not a terminal', () => {
    const { stream, text } = recorder(false);
    const bar = replayProgressBar({ stream, ask });
    bar.update({ done: 1, total: 2, dlqId: 'dlq-a', outcome: 'replayed' });
    bar.stop();
    expect(text()).toBe('');
  });

  it('writes nothing when no progress came', () => {
    const { stream, text } = recorder(true);
    replayProgressBar({ stream, ask }).stop();
    expect(text()).toBe('');
  });
});
