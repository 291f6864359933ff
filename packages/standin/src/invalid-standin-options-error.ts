/** Thrown by `startStandin` (and the CLI) when options are unusable; `problems` names each one. */
export class InvalidStandinOptionsError extends Error {
  override readonly name = 'InvalidStandinOptionsError';
  readonly problems: readonly string[];

  constructor(options: { readonly problems: readonly string[]; readonly cause?: unknown }) {
    super(`Invalid stand-in options: ${options.problems.join('; ')}`, { cause: options.cause });
    this.problems = options.problems;
  }
}
