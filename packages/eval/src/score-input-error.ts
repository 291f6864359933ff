/**
 * What is wrong with an input to the scoring functions:
 * - `not-json`: a value JSON cannot hold (a function, symbol, bigint, NaN or ±Infinity, a `Date`, `Map`
 *   or other class instance);
 * - `too-deep`: nested deeper than `maxDepth` (a cyclic object ends here too);
 * - `array-too-long`: an array longer than `maxArrayLength`;
 * - `too-much-work`: matching array items would take more than `maxWork` comparisons;
 * - `bad-options`: an option of the wrong type;
 * - `unscorable-schema`: a DocuBench schema its scoring rules cannot walk (see `scoreDocubench`).
 */
export type ScoreInputProblem =
  | 'not-json'
  | 'too-deep'
  | 'array-too-long'
  | 'too-much-work'
  | 'bad-options'
  | 'unscorable-schema';

/** Which input a problem is in. */
export type ScoreInputSide = 'expected' | 'extracted' | 'schema' | 'options';

/**
 * An input the scoring functions refuse, naming the problem, the input and the path in it
 * (`lineItems[3].amount`; `''` for the whole input). Values from the input are never part of the message.
 */
export class ScoreInputError extends Error {
  override readonly name = 'ScoreInputError';
  readonly problem: ScoreInputProblem;
  readonly side: ScoreInputSide;
  readonly path: string;
  /** The limit passed, for `too-deep`, `array-too-long` and `too-much-work`. */
  readonly limit: number | null;

  constructor(options: {
    problem: ScoreInputProblem;
    side: ScoreInputSide;
    path: string;
    detail: string;
    limit?: number;
    cause?: unknown;
  }) {
    const where = options.path === '' ? options.side : `${options.side} at ${options.path}`;
    super(`Cannot score: ${where}: ${options.detail} (${options.problem})`, { cause: options.cause });
    this.problem = options.problem;
    this.side = options.side;
    this.path = options.path;
    this.limit = options.limit ?? null;
  }
}
