/**
 * What a failed rule does:
 * - `retry`: feed the problem back to the model and try again;
 * - `review`: accept the result but flag it `needsReview` with the reason;
 * - `fatal`: stop the job, no further calls (the data is not in the source).
 */
export type RuleSeverity = 'retry' | 'review' | 'fatal';

/** A problem a rule found. `path` is dotted with indices (`lineItems[2].amount`), `''` for the whole output. */
export interface RuleFinding {
  readonly path?: string;
  readonly message: string;
  /** The offending value; rendered as a short excerpt. */
  readonly received?: unknown;
}

/** Context a rule may use besides the output. */
export interface RuleContext<Input> {
  readonly input: Input;
}

/** A business rule, run only once the output passed the schema. All rules run; async allowed. */
export interface Rule<Output, Input = unknown> {
  readonly id: string;
  readonly description: string;
  readonly severity: RuleSeverity;
  check(data: Output, ctx: RuleContext<Input>): readonly RuleFinding[] | Promise<readonly RuleFinding[]>;
}
