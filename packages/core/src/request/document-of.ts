import type { AnyWorkflow } from '../workflow/define-workflow';

/**
 * The document text of a job: `workflow.document(input)` when defined, else `input.text`.
 *
 * @throws TypeError when neither gives a string.
 */
export function documentOf(workflow: AnyWorkflow, input: unknown): string {
  const text = workflow.document
    ? workflow.document(input)
    : typeof input === 'object' && input !== null
      ? (input as { text?: unknown }).text
      : undefined;
  if (typeof text !== 'string') {
    throw new TypeError(
      `Workflow ${workflow.name}@v${workflow.version}: no document text; the input needs a string "text" field or the workflow a "document" function`,
    );
  }
  return text;
}
