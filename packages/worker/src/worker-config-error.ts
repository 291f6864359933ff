import { describeEnvProblem, type EnvProblem, invalidConfigMessage } from '@quarry/env';

/** One environment variable with a bad value. */
export type ConfigProblem = EnvProblem;

/** The worker's environment is invalid. Lists every bad variable with the form it expects. */
export class WorkerConfigError extends Error {
  override readonly name = 'WorkerConfigError';
  readonly problems: readonly ConfigProblem[];

  constructor(options: { problems: readonly ConfigProblem[] }) {
    super(invalidConfigMessage('worker', options.problems.map(describeEnvProblem)));
    this.problems = options.problems;
  }
}
