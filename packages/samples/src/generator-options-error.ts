/** An option of a document generator (`longTableDocument`, `wideFormDocument`) is out of range or of the wrong type. */
export class GeneratorOptionsError extends Error {
  override readonly name = 'GeneratorOptionsError';
  /** The option at fault, as the generator names it (`pages`, `rowsPerPage`, …). */
  readonly option: string;

  constructor(options: { readonly option: string; readonly problem: string; readonly cause?: unknown }) {
    super(`${options.option}: ${options.problem}`, { cause: options.cause });
    this.option = options.option;
  }
}

/** The value shown in a message: finite numbers as they are, anything else by its type. */
const shown = (value: unknown): string =>
  typeof value === 'number' && Number.isFinite(value) ? String(value) : `a ${typeof value}`;

/** `value` when it is a number in [min, max] (a whole number when `integer`), else a `GeneratorOptionsError`. */
export function checkedNumber(options: {
  readonly option: string;
  readonly value: unknown;
  readonly min: number;
  readonly max: number;
  readonly integer: boolean;
}): number {
  const { option, value, min, max, integer } = options;
  const kind = integer ? 'a whole number' : 'a number';
  if (typeof value !== 'number' || !Number.isFinite(value) || (integer && !Number.isInteger(value)))
    throw new GeneratorOptionsError({ option, problem: `must be ${kind}, got ${shown(value)}` });
  if (value < min || value > max)
    throw new GeneratorOptionsError({ option, problem: `must be from ${min} to ${max}, got ${value}` });
  return value;
}
