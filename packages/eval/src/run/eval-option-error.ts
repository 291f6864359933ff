/** An option of the evaluation functions out of its range, naming the option and the range. */
export class EvalOptionError extends Error {
  override readonly name = 'EvalOptionError';
  /** The option (`maxDrop`). */
  readonly option: string;

  constructor(options: { option: string; detail: string }) {
    super(`${options.option} ${options.detail}`);
    this.option = options.option;
  }
}
