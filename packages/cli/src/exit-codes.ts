/** Exit codes of every `quarry` command (the contract in docs/cli.md). */
export const exitCodes = {
  ok: 0,
  /** Bad usage, invalid input, Redis unavailable or any other failure. */
  failure: 1,
  /** The job was dead-lettered. */
  deadLettered: 2,
  /** `--wait` gave up before the job finished (it carries on). */
  timeout: 3,
  /** `eval run --baseline`: a field's or the overall F1 dropped by more than `--max-drop`. */
  evalGateFailed: 3,
} as const;
export type ExitCode = (typeof exitCodes)[keyof typeof exitCodes];
