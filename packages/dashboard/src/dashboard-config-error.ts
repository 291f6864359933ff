import { describeEnvProblem, type EnvProblem, invalidConfigMessage } from '@quarry/env';

/** One environment variable of the dashboard with a bad value (`[redacted]` for secrets, the password masked in a Redis URL). */
export type DashboardConfigProblem = EnvProblem;

/** The dashboard's configuration is bad or unsafe; `problems` names each variable and the form it expects. */
export class DashboardConfigError extends Error {
  override readonly name = 'DashboardConfigError';
  readonly problems: readonly DashboardConfigProblem[];

  constructor(options: { readonly problems: readonly DashboardConfigProblem[] }) {
    super(invalidConfigMessage('dashboard', options.problems.map(describeEnvProblem)));
    this.problems = options.problems;
  }
}
