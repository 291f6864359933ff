import type { ReplayProgress } from '@quarry/triage';
import type { CliTerminal } from './cli-context';
import { terminalProgressBar } from './terminal-progress-bar';

/** A progress bar of a replay on the terminal: `[#####.....] done/total outcome dlqId`. */
export interface ReplayProgressBar {
  /** Draws the latest progress (the bar starts on the first). */
  update(progress: ReplayProgress): void;
  /** Draws the final state and ends the line; call it once, also when the replay failed. */
  stop(): void;
}

/** A {@link terminalProgressBar} of a replay; the label is the outcome and the DLQ id. */
export function replayProgressBar(terminal: CliTerminal): ReplayProgressBar {
  const bar = terminalProgressBar(terminal);
  return {
    update: (progress) => bar.draw(progress.done, progress.total, `${progress.outcome} ${progress.dlqId}`),
    stop: () => bar.stop(),
  };
}
