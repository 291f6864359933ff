/** One thing wrong with one workflow file: the file, the JSON path in it (`''`: the whole file) and what is expected. */
export interface WorkflowFileProblem {
  readonly file: string;
  readonly path: string;
  readonly message: string;
}

/** Where a problem is, as printed: `file` or `file at output.properties.total`. */
export function problemLine(problem: WorkflowFileProblem): string {
  const at = problem.path === '' ? '' : ` at ${problem.path}`;
  return `${problem.file}${at}: ${problem.message}`;
}

/**
 * Workflow files (`QUARRY_WORKFLOWS`, `quarry workflows validate`) that cannot be loaded: every
 * problem of every file, so one run lists them all. Nothing is loaded when this is thrown.
 */
export class WorkflowFileError extends Error {
  override readonly name = 'WorkflowFileError';
  readonly problems: readonly WorkflowFileProblem[];

  constructor(options: { problems: readonly WorkflowFileProblem[]; cause?: unknown }) {
    const lines = options.problems.map((problem) => `  - ${problemLine(problem)}`);
    super(`Workflow files: ${options.problems.length} problem(s):\n${lines.join('\n')}`, {
      cause: options.cause,
    });
    this.problems = options.problems;
  }
}
