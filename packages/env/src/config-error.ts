import { describeEnvProblem, type EnvProblem } from './env-problem';

/** Options of {@link ConfigError}. */
export interface ConfigErrorOptions {
  /** The program whose configuration is bad, e.g. `worker`, `dashboard`, `demo`, `CLI`. */
  readonly program: string;
  /** Every bad setting, in the order found. */
  readonly problems: readonly EnvProblem[];
  readonly cause?: unknown;
}

/**
 * A program's configuration (environment variables, command-line options) is bad or unsafe: the one
 * error class every Quarry program throws for it. `problems` names each setting, the form it expects
 * and the value found (secrets redacted); the message is `Invalid <program> configuration:` and one
 * `- NAME: expected FORM, got VALUE` line per problem.
 */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  readonly program: string;
  readonly problems: readonly EnvProblem[];

  constructor(options: ConfigErrorOptions) {
    super(
      [
        `Invalid ${options.program} configuration:`,
        ...options.problems.map((problem) => `- ${describeEnvProblem(problem)}`),
      ].join('\n'),
      { cause: options.cause },
    );
    this.program = options.program;
    this.problems = options.problems;
  }
}
