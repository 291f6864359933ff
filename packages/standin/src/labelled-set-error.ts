/** What is wrong with a labelled set (`readLabelledSet`). */
export type LabelledSetProblem =
  | 'manifest-missing'
  | 'manifest-too-large'
  | 'too-many-lines'
  | 'invalid-json'
  | 'invalid-item'
  | 'duplicate-id'
  | 'duplicate-document'
  | 'outside-set'
  | 'missing-file'
  | 'file-too-large'
  | 'set-too-large'
  | 'invalid-expected'
  | 'not-text'
  | 'empty-set';

/**
 * Thrown by `readLabelledSet` when a labelled set cannot be read; `line` is the manifest line
 * (1-based) at fault, null for the manifest as a whole. The message names both and is safe to print.
 */
export class LabelledSetError extends Error {
  override readonly name = 'LabelledSetError';
  readonly problem: LabelledSetProblem;
  readonly line: number | null;

  constructor(options: {
    readonly problem: LabelledSetProblem;
    readonly line: number | null;
    readonly message: string;
    readonly cause?: unknown;
  }) {
    super(options.line === null ? options.message : `line ${options.line}: ${options.message}`, {
      cause: options.cause,
    });
    this.problem = options.problem;
    this.line = options.line;
  }
}
