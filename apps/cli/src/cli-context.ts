/** What a command may use: the environment, the working directory and two output streams. */
export interface CliContext {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly cwd: string;
  /** Results (one JSON object with `--json`). */
  readonly stdout: (text: string) => void;
  /** Messages for people: progress, problems. */
  readonly stderr: (text: string) => void;
}
