/** A terminal the command may talk to: ask questions and draw progress on standard error. */
export interface CliTerminal {
  /** Asks on the terminal and resolves with the line typed (without its newline). */
  ask(question: string): Promise<string>;
  /** Width of the terminal in columns. */
  readonly columns: number;
}

/** What a command may use: the environment, the working directory and two output streams. */
export interface CliContext {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly cwd: string;
  /** Results (one JSON object with `--json`). */
  readonly stdout: (text: string) => void;
  /** Messages for people: progress, problems. */
  readonly stderr: (text: string) => void;
  /** Present when standard input and standard error are a terminal; commands never ask without one. */
  readonly terminal?: CliTerminal;
}
