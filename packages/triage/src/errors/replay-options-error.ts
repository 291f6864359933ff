/** Replay options (overrides, rate, concurrency) that are invalid; `problems` names each one. Nothing was changed. */
export class ReplayOptionsError extends Error {
  override readonly name = 'ReplayOptionsError';
  readonly problems: readonly string[];

  constructor(options: { readonly problems: readonly string[]; readonly cause?: unknown }) {
    super(`Invalid replay options: ${options.problems.join('; ')}`, { cause: options.cause });
    this.problems = options.problems;
  }
}
