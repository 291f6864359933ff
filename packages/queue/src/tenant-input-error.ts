/** A tenant id or its settings were refused; `problems` names each one (nothing was written). */
export class TenantInputError extends Error {
  override readonly name = 'TenantInputError';
  readonly problems: readonly string[];

  constructor(options: { readonly problems: readonly string[]; readonly cause?: unknown }) {
    super(`Tenant settings refused: ${options.problems.join('; ')}`, { cause: options.cause });
    this.problems = options.problems;
  }
}
