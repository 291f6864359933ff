/** A workflow's few-shot example the output schema rejects (or that is malformed). */
export class WorkflowExampleError extends TypeError {
  override readonly name = 'WorkflowExampleError';
  readonly workflow: string;
  /** 0-based index of the example; null when the list itself is wrong. */
  readonly index: number | null;
  /** Where in the example, e.g. `output.total` or `text`. */
  readonly path: string;
  readonly problem: string;

  constructor(options: {
    readonly workflow: string;
    readonly index: number | null;
    readonly path: string;
    readonly problem: string;
  }) {
    const where = options.index === null ? 'examples' : `examples[${options.index}].${options.path}`;
    super(`Workflow ${options.workflow}: ${where}: ${options.problem}`);
    this.workflow = options.workflow;
    this.index = options.index;
    this.path = options.path;
    this.problem = options.problem;
  }
}
