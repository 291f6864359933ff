import { formatPath } from '../issues/issue-signature';
import { locateJsonError } from '../validation/locate-json-error';
import type { AnyWorkflow } from '../workflow/define-workflow';
import { MAX_EXPECTED_BYTES } from './labelled-item';

/** Problems listed for one corrected output, at most. */
export const MAX_OUTPUT_PROBLEMS = 100;

/** One thing wrong with a corrected output: where (`lineItems[0].amount`, `(output)` for the whole) and what. */
export interface OutputProblem {
  readonly path: string;
  readonly message: string;
}

/** The verdict on a corrected output as a person typed it. */
export type CorrectedOutputCheck =
  | { readonly type: 'valid'; readonly data: unknown }
  | { readonly type: 'too_large'; readonly bytes: number; readonly maxBytes: number }
  | {
      readonly type: 'bad_json';
      readonly line: number;
      readonly column: number;
      readonly problem: string;
    }
  | { readonly type: 'invalid'; readonly problems: readonly OutputProblem[] };

const encoder = new TextEncoder();

/**
 * Checks a corrected output typed by a person, in order: its size (at most `maxBytes` of UTF-8,
 * default {@link MAX_EXPECTED_BYTES}), that it is JSON (the first syntax error with its line and
 * column), then the workflow's output schema (every problem, at most {@link MAX_OUTPUT_PROBLEMS}).
 * A valid output comes back as the schema gives it (defaults filled in, unknown keys as the schema treats them).
 */
export async function checkCorrectedOutput(options: {
  readonly workflow: AnyWorkflow;
  readonly text: string;
  readonly maxBytes?: number;
}): Promise<CorrectedOutputCheck> {
  const maxBytes = options.maxBytes ?? MAX_EXPECTED_BYTES;
  // No UTF-16 code unit takes more than 3 bytes of UTF-8: a short enough text fits without counting.
  const bytes = options.text.length * 3 > maxBytes ? encoder.encode(options.text).byteLength : 0;
  if (bytes > maxBytes) return { type: 'too_large', bytes, maxBytes };
  const error = locateJsonError(options.text);
  if (error) return { type: 'bad_json', line: error.line, column: error.column, problem: error.problem };
  const parsed = await options.workflow.output.safeParseAsync(JSON.parse(options.text));
  if (parsed.success) return { type: 'valid', data: parsed.data };
  return {
    type: 'invalid',
    problems: parsed.error.issues.slice(0, MAX_OUTPUT_PROBLEMS).map((issue) => ({
      path: formatPath(issue.path) || '(output)',
      message: issue.message,
    })),
  };
}
