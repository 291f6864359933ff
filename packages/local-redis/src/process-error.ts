/** How a process ended: its exit code, or the signal that ended it. */
export interface ProcessExit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
}

/**
 * A process did not do what was waited for: it could not be started, it exited first, or the
 * deadline passed.
 */
export class ProcessError extends Error {
  override readonly name = 'ProcessError';
  readonly reason: 'spawn_failed' | 'exited' | 'timeout';
  /** The command as started (command and arguments). */
  readonly command: string;
  /** How it ended, when it did. */
  readonly exit: ProcessExit | null;
  /** The tail of what it wrote (standard error, then standard output). */
  readonly output: string;

  constructor(options: {
    reason: ProcessError['reason'];
    message: string;
    command: string;
    exit: ProcessExit | null;
    output: string;
    cause?: unknown;
  }) {
    super(options.output ? `${options.message}:\n${options.output}` : options.message, {
      cause: options.cause,
    });
    this.reason = options.reason;
    this.command = options.command;
    this.exit = options.exit;
    this.output = options.output;
  }
}
