import { terminalText } from '@quarry/env';
import { SingleBar } from 'cli-progress';
import type { CliTerminal } from './cli-context';

/** A progress bar on the terminal: `[#####.....] done/total label`. */
export interface TerminalProgressBar {
  /** Draws the progress (the bar starts on the first call; nothing after `stop`). */
  draw(done: number, total: number, label: string): void;
  /** Draws the final state and ends the line; safe to call more than once. */
  stop(): void;
}

/**
 * A cli-progress bar on the terminal's stream (drawn only when that stream is a TTY). The label,
 * often an id read from Redis or a set, is escaped ({@link terminalText}) before it is drawn.
 */
export function terminalProgressBar(terminal: CliTerminal): TerminalProgressBar {
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
    draw(done, total, label) {
      if (state === 'stopped') return;
      const payload = { label: terminalText(label) };
      if (state === 'idle') {
        state = 'drawing';
        bar.start(total, done, payload);
      } else bar.update(done, payload);
    },
    stop() {
      if (state === 'drawing') bar.stop();
      state = 'stopped';
    },
  };
}
