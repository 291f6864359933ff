/**
 * Why a split job's parent cannot complete: a child ended in the dead-letter queue
 * (`split_child_failed`, with `onChildFailure: 'dead_letter'`), the merged output does not pass the
 * schema or a rule still fails after the children were asked again (`validation_exhausted`), or a
 * `fatal` rule failed on it (`fatal_rule`). The failure policy dead-letters the parent with this
 * kind. The message names the children, paths and rules, never document text.
 */
export class SplitParentError extends Error {
  override readonly name = 'SplitParentError';
  readonly kind: 'split_child_failed' | 'validation_exhausted' | 'fatal_rule';
  /** Indices of the children that failed (for `split_child_failed`). */
  readonly failedChildren: readonly number[];

  constructor(options: {
    readonly kind: SplitParentError['kind'];
    readonly message: string;
    readonly failedChildren?: readonly number[];
    readonly cause?: unknown;
  }) {
    super(options.message, { cause: options.cause });
    this.kind = options.kind;
    this.failedChildren = options.failedChildren ?? [];
  }
}
