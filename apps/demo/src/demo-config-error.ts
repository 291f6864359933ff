import { invalidConfigMessage } from '@quarry/env';

/** The demo's command line or environment is invalid; the message names each problem. */
export class DemoConfigError extends Error {
  override readonly name = 'DemoConfigError';
  /** One line per problem: `NAME: expected …, got …`. */
  readonly problems: readonly string[];

  constructor(options: { readonly problems: readonly string[] }) {
    super(invalidConfigMessage('demo', options.problems));
    this.problems = options.problems;
  }
}
