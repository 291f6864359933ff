import type { EvalProgress } from '@quarry/eval';
import type { CliContext } from '../cli-context';
import { terminalProgressBar } from '../terminal-progress-bar';

/** The progress of an eval run on the terminal: `[#####.....] done/total outcome item`. */
export interface EvalProgressLine {
  readonly update: (progress: EvalProgress) => void;
  /** Ends the line; safe to call more than once. */
  stop(): void;
}

/** A {@link terminalProgressBar} of an eval run, or null when there is no terminal (a pipe or a file). */
export function evalProgressLine(context: CliContext): EvalProgressLine | null {
  if (!context.terminal) return null;
  const bar = terminalProgressBar(context.terminal);
  return {
    update: (progress) =>
      bar.draw(
        progress.done,
        progress.total,
        progress.type === 'finished' ? `${progress.outcome} ${progress.id}` : `running ${progress.id}`,
      ),
    stop: () => bar.stop(),
  };
}
