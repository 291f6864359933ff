/** The dashboard's configuration is bad or unsafe; `problems` names each variable and what is wrong. */
export class DashboardConfigError extends Error {
  override readonly name = 'DashboardConfigError';
  readonly problems: readonly string[];

  constructor(options: { readonly problems: readonly string[] }) {
    super(`Bad dashboard configuration:\n${options.problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.problems = options.problems;
  }
}
