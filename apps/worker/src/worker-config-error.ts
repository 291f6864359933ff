/** One environment variable with a bad value. */
export interface ConfigProblem {
  /** The environment variable, e.g. `WORKER_CONCURRENCY`. */
  readonly variable: string;
  /** The form the value must have, e.g. `an integer ≥ 1`. */
  readonly expected: string;
  /** The value found, redacted when it may hold a secret; null when unset. */
  readonly received: string | null;
}

/** The worker's environment is invalid. Lists every bad variable with the form it expects. */
export class WorkerConfigError extends Error {
  override readonly name = 'WorkerConfigError';
  readonly problems: readonly ConfigProblem[];

  constructor(options: { problems: readonly ConfigProblem[] }) {
    const lines = options.problems.map(
      (p) =>
        `- ${p.variable}: expected ${p.expected}, ${p.received === null ? 'but it is not set' : `got ${p.received}`}`,
    );
    super(`Invalid worker configuration:\n${lines.join('\n')}`);
    this.problems = options.problems;
  }
}
