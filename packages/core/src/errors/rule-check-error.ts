/** A business rule threw instead of returning findings: a bug in the workflow, not in the reply. */
export class RuleCheckError extends Error {
  override readonly name = 'RuleCheckError';
  readonly workflow: string;
  readonly version: number;
  readonly ruleId: string;

  constructor(options: { workflow: string; version: number; ruleId: string; cause: unknown }) {
    super(
      `Rule "${options.ruleId}" of workflow ${options.workflow}@v${options.version} threw while checking a reply`,
      {
        cause: options.cause,
      },
    );
    this.workflow = options.workflow;
    this.version = options.version;
    this.ruleId = options.ruleId;
  }
}
