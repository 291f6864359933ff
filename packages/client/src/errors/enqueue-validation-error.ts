/** One reason a job cannot be enqueued. */
export interface EnqueueProblem {
  /** Index in the `enqueueMany` batch; absent for `enqueue`. */
  readonly item?: number;
  /** Where the problem is: `workflow`, `version`, `input.lineItems[0].amount`, `metadata.tenant`, `''` for the whole job. */
  readonly path: string;
  readonly message: string;
}

const describe = (problem: EnqueueProblem): string =>
  `${problem.item === undefined ? '' : `[${problem.item}] `}${problem.path || '(job data)'}: ${problem.message}`;

/** The payload was rejected before Redis was touched; `problems` lists every problem found. Nothing was enqueued. */
export class EnqueueValidationError extends Error {
  override readonly name = 'EnqueueValidationError';
  readonly problems: readonly EnqueueProblem[];

  constructor(options: { problems: readonly EnqueueProblem[] }) {
    const count = options.problems.length;
    super(
      `Nothing was enqueued: ${count} problem${count === 1 ? '' : 's'}: ${options.problems.map(describe).join('; ')}`,
    );
    this.problems = options.problems;
  }
}
