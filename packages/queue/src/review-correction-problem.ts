import type { ReviewCorrection } from './review-corrections';

/** Why a correction was not stored, for people: one sentence, and the schema's problems one per line. */
export interface ReviewCorrectionProblem {
  /** A stable code for programs (`bad_json`, `invalid_output`, `not_in_review`, …). */
  readonly code: string;
  readonly message: string;
  /** `path: message` of each schema problem (empty for the other outcomes). */
  readonly problems: readonly string[];
}

/**
 * What the CLI and the dashboard say when a correction of `jobId` was not stored (every outcome
 * but `stored`). Messages name ids as JSON strings; the caller neutralises them for its medium.
 */
export function reviewCorrectionProblem(
  outcome: Exclude<ReviewCorrection, { readonly type: 'stored' }>,
  jobId: string,
): ReviewCorrectionProblem {
  const job = `job ${JSON.stringify(jobId)}`;
  const none = (code: string, message: string): ReviewCorrectionProblem => ({
    code,
    message: `${message}; nothing was stored`,
    problems: [],
  });
  switch (outcome.type) {
    case 'too_large':
      return none(
        'too_large',
        `the corrected output is ${outcome.bytes} bytes of UTF-8, at most ${outcome.maxBytes}`,
      );
    case 'bad_json':
      return none(
        'bad_json',
        `the corrected output is not JSON: line ${outcome.line}, column ${outcome.column}: ${outcome.problem}`,
      );
    case 'invalid':
      return {
        code: 'invalid_output',
        message: "the corrected output does not match the workflow's output schema; nothing was stored",
        problems: outcome.problems.map((problem) => `${problem.path}: ${problem.message}`),
      };
    case 'job_missing':
      return outcome.waitingForReview
        ? none(
            'job_missing',
            `${job} waits for review but is no longer in the queue, so its document is unknown`,
          )
        : none('job_missing', `no ${job} is in the queue or waiting for review`);
    case 'not_in_review':
      return none('not_in_review', `${job} is not waiting for review`);
    case 'unknown_workflow':
      return none(
        'unknown_workflow',
        `the workflow ${outcome.workflow}@v${outcome.version} of ${job} is no longer known (shipped or in QUARRY_WORKFLOWS)`,
      );
    case 'unsupported_document':
      return none('unsupported_document', outcome.problem);
    case 'refused':
      return none('refused', outcome.problem);
  }
}
