/** One setting (an environment variable, or a command-line option) with a bad value. */
export interface EnvProblem {
  /** The environment variable, e.g. `WORKER_CONCURRENCY`, or the option, e.g. `--limit`. */
  readonly variable: string;
  /** The form the value must have, e.g. `an integer ≥ 1`. */
  readonly expected: string;
  /** The value found, redacted when it may hold a secret; null when unset. */
  readonly received: string | null;
}

/** `NAME: expected FORM, got VALUE`, or `NAME: expected FORM, but it is not set`. */
export function describeEnvProblem(problem: EnvProblem): string {
  const found = problem.received === null ? 'but it is not set' : `got ${problem.received}`;
  return `${problem.variable}: expected ${problem.expected}, ${found}`;
}
