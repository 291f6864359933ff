import { terminalText } from '@quarry/env';
import type { EvalProgress } from '@quarry/eval';
import { SingleBar } from 'cli-progress';
import type { CliContext } from '../cli-context';

/** The progress of an eval run on the terminal: `[#####.....] done/total outcome item`. */
export interface EvalProgressLine {
  readonly update: (progress: EvalProgress) => void;
  /** Ends the line; safe to call more than once. */
  stop(): void;
}

/**
 * A cli-progress bar on the terminal (null when there is none: a pipe or a file gets no bar). The
 * label, an item id from the set, is escaped ({@link terminalText}) before it is drawn.
 */
export function evalProgressLine(context: CliContext): EvalProgressLine | null {
  const terminal = context.terminal;
  if (!terminal) return null;
  const bar = new SingleBar({
    stream: terminal.stream,
    format: '[{bar}] {value}/{total} {label}',
    barCompleteChar: '#',
    barIncompleteChar: '.',
    barsize: 30,
    hideCursor: false,
  });
  let state: 'idle' | 'drawing' | 'stopped' = 'idle';
  return {
    update(progress) {
      if (state === 'stopped') return;
      const label = terminalText(
        progress.type === 'finished' ? `${progress.outcome} ${progress.id}` : `running ${progress.id}`,
      );
      if (state === 'idle') {
        state = 'drawing';
        bar.start(progress.total, progress.done, { label });
      } else bar.update(progress.done, { label });
    },
    stop() {
      if (state === 'drawing') bar.stop();
      state = 'stopped';
    },
  };
}
