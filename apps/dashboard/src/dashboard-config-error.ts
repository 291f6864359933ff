/** One environment variable of the dashboard with a bad value. */
export interface DashboardConfigProblem {
  /** The environment variable, e.g. `DASHBOARD_PORT`. */
  readonly variable: string;
  /** The form the value must have, e.g. `an integer from 0 to 65535`. */
  readonly expected: string;
  /** The value found (`[redacted]` for secrets, the password masked in a Redis URL); null when unset. */
  readonly received: string | null;
}

/** The dashboard's configuration is bad or unsafe; `problems` names each variable and the form it expects. */
export class DashboardConfigError extends Error {
  override readonly name = 'DashboardConfigError';
  readonly problems: readonly DashboardConfigProblem[];

  constructor(options: { readonly problems: readonly DashboardConfigProblem[] }) {
    const lines = options.problems.map(
      (p) =>
        `- ${p.variable}: expected ${p.expected}, ${p.received === null ? 'but it is not set' : `got ${p.received}`}`,
    );
    super(`Invalid dashboard configuration:\n${lines.join('\n')}`);
    this.problems = options.problems;
  }
}
