/** One environment variable with a bad value. */
export interface EnvProblem {
  /** The environment variable, e.g. `WORKER_CONCURRENCY`. */
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

/** The message of an app's configuration error: `Invalid <app> configuration:` and one `- line` per problem. */
export function invalidConfigMessage(app: string, problems: readonly string[]): string {
  return [`Invalid ${app} configuration:`, ...problems.map((problem) => `- ${problem}`)].join('\n');
}
