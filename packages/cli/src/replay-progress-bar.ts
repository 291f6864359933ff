import { terminalText } from '@quarry/env';
import type { ReplayProgress } from '@quarry/triage';
import { SingleBar } from 'cli-progress';
import type { CliTerminal } from './cli-context';

/** A progress bar of a replay on the terminal: `[#####.....] done/total outcome dlqId`. */
export interface ReplayProgressBar {
  /** Draws the latest progress (the bar starts on the first). */
  update(progress: ReplayProgress): void;
  /** Draws the final state and ends the line; call it once, also when the replay failed. */
  stop(): void;
}

/**
 * A cli-progress bar on the terminal's stream (drawn only when that stream is a TTY). The label,
 * a DLQ id from Redis, is escaped ({@link terminalText}) before it is drawn.
 */
export function replayProgressBar(terminal: CliTerminal): ReplayProgressBar {
  const bar = new SingleBar({
    stream: terminal.stream,
    format: '[{bar}] {value}/{total} {label}',
    barCompleteChar: '#',
    barIncompleteChar: '.',
    barsize: 30,
    hideCursor: false,
  });
  let started = false;
  return {
    update(progress) {
      const payload = { label: terminalText(`${progress.outcome} ${progress.dlqId}`) };
      if (!started) {
        started = true;
        bar.start(progress.total, progress.done, payload);
      } else {
        bar.update(progress.done, payload);
      }
    },
    stop() {
      if (started) bar.stop();
    },
  };
}
