import type { z } from 'zod';
import { WorkflowExampleError } from './workflow-example-error';

/** One worked example of a workflow: a document's text and the output expected for it. */
export interface FewShotExample {
  readonly text: string;
  readonly output: unknown;
}

/** Examples one workflow may declare. */
export const MAX_EXAMPLES = 20;

/**
 * Checks a workflow's few-shot examples: at most {@link MAX_EXAMPLES}, each with non-empty text and
 * an output the output schema accepts.
 *
 * @throws WorkflowExampleError naming the example (0-based index) and the path of the first problem.
 */
export function checkExamples(options: {
  readonly workflow: string;
  readonly output: z.ZodType;
  readonly examples: readonly FewShotExample[];
}): void {
  const { workflow, examples } = options;
  if (!Array.isArray(examples) || examples.length > MAX_EXAMPLES) {
    throw new WorkflowExampleError({
      workflow,
      index: null,
      path: '',
      problem: `must be a list of at most ${MAX_EXAMPLES}`,
    });
  }
  for (const [index, example] of examples.entries()) {
    if (typeof example?.text !== 'string' || example.text.trim() === '') {
      throw new WorkflowExampleError({ workflow, index, path: 'text', problem: 'must be non-empty text' });
    }
    const parsed = options.output.safeParse(example.output);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const path = ['output', ...(issue?.path ?? []).map(String)].join('.');
      throw new WorkflowExampleError({
        workflow,
        index,
        path,
        problem: issue?.message ?? 'does not match the output schema',
      });
    }
  }
}
