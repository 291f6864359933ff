/** Selectors or replay options that make no sense; `problems` names each one. Nothing was read or changed. */
export class SelectorError extends Error {
  override readonly name = 'SelectorError';
  readonly problems: readonly string[];

  constructor(options: { readonly problems: readonly string[]; readonly cause?: unknown }) {
    super(`Invalid selection: ${options.problems.join('; ')}`, { cause: options.cause });
    this.problems = options.problems;
  }
}
