/** A terminal the command may talk to: ask questions and draw progress on standard error. */
export interface CliTerminal {
  /** Asks on the terminal and resolves with the line typed (without its newline). */
  ask(question: string): Promise<string>;
  /**
   * Standard error as a terminal stream, for progress bars (cli-progress draws only when `isTTY`).
   * Text written here is not neutralised: whoever writes to it escapes what came from outside.
   */
  readonly stream: NodeJS.WritableStream & { readonly isTTY?: boolean; readonly columns?: number };
}

/** What a command may use: the environment, the working directory and two output streams. */
export interface CliContext {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly cwd: string;
  /** Results (one JSON object with `--json`). Commands get a context whose outputs are neutralised. */
  readonly stdout: (text: string) => void;
  /** Messages for people: progress, problems. */
  readonly stderr: (text: string) => void;
  /** Present when standard input and standard error are a terminal; commands never ask without one. */
  readonly terminal?: CliTerminal;
}
