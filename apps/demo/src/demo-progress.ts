import { Presets, SingleBar } from 'cli-progress';
import type { OutcomeCounts } from './demo-summary';

/** Shows how far the jobs are: a live bar on a terminal, a plain line every tenth otherwise. */
export interface DemoProgress {
  update(counts: OutcomeCounts, done: number): void;
  stop(): void;
}

/** Options of {@link createProgress}. */
export interface CreateProgressOptions {
  readonly total: number;
  readonly stream: NodeJS.WriteStream;
}

const describe = (c: OutcomeCounts) =>
  `first try ${c.completedFirstTry} | retried ${c.completedAfterRetries} | review ${c.needsReview} | DLQ ${c.deadLettered}`;

/** A progress display on `stream` (standard error, so `--json` output stays clean). */
export function createProgress(options: CreateProgressOptions): DemoProgress {
  const { total, stream } = options;
  if (stream.isTTY) {
    const bar = new SingleBar(
      {
        stream,
        format: ' {bar} {value}/{total} jobs | {outcomes}',
        hideCursor: true,
        clearOnComplete: false,
        barsize: 30,
      },
      Presets.shades_classic,
    );
    bar.start(total, 0, { outcomes: '' });
    return {
      update: (counts, done) => bar.update(done, { outcomes: describe(counts) }),
      stop: () => bar.stop(),
    };
  }
  const step = Math.max(1, Math.ceil(total / 10));
  let printed = 0;
  return {
    update(counts, done) {
      if (done === printed || (done % step !== 0 && done !== total)) return;
      printed = done;
      stream.write(`progress: ${done}/${total} jobs done (${describe(counts)})\n`);
    },
    stop() {},
  };
}
