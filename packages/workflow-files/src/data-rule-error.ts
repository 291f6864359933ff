/** Why a data rule's expression gave no verdict. */
export type DataRuleFailure = 'threw' | 'timed-out' | 'too-deep' | 'not-boolean';

/**
 * A data rule's JSONata expression threw, ran past its time or stack bound, or returned something
 * other than `true`/`false`: a fault of the workflow file, not of the reply. Thrown from the rule's
 * check, so the extraction loop reports it as the rule failing to run (`RuleCheckError`, naming the
 * rule), like a code rule that throws.
 */
export class DataRuleError extends Error {
  override readonly name = 'DataRuleError';
  readonly ruleId: string;
  readonly failure: DataRuleFailure;
  /** JSONata's error code (`D1012`…) when it gave one. */
  readonly code: string | null;

  constructor(options: {
    ruleId: string;
    failure: DataRuleFailure;
    detail: string;
    code?: string | null;
    cause?: unknown;
  }) {
    super(`Rule "${options.ruleId}": the expression ${options.detail}`, { cause: options.cause });
    this.ruleId = options.ruleId;
    this.failure = options.failure;
    this.code = options.code ?? null;
  }
}
