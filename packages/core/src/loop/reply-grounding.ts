import type { Grounder } from '../grounding/grounder';
import { parseGroundingConfig } from '../grounding/parse-grounding-config';
import { documentOf } from '../request/document-of';
import type { AnyWorkflow } from '../workflow/define-workflow';
import type { ExtractWarning } from './extract-options';

/** Options of {@link replyGrounding}. */
export interface ReplyGroundingOptions {
  readonly workflow: AnyWorkflow;
  readonly input: unknown;
  readonly grounder: Grounder | null | undefined;
  readonly onWarning: (warning: ExtractWarning) => void;
}

/**
 * How a job's replies are grounded: with the grounder, in the document the model is given. None
 * without a grounder; when the workflow asks for grounding but none was given, one warning
 * (`grounding_unavailable`) says that the job runs ungrounded.
 */
export function replyGrounding(
  options: ReplyGroundingOptions,
): { readonly grounder: Grounder; readonly document: string } | undefined {
  const { workflow, grounder } = options;
  if (grounder) return { grounder, document: documentOf(workflow, options.input) };
  if (groundingWanted(workflow)) {
    options.onWarning({
      code: 'grounding_unavailable',
      message: `Workflow ${workflow.name}@v${workflow.version} sets grounding but extract() was given no grounder; its replies are not grounded`,
    });
  }
  return undefined;
}

function groundingWanted(workflow: AnyWorkflow): boolean {
  if (workflow.grounding === undefined) return false;
  const config = parseGroundingConfig(workflow.grounding);
  return (
    config.mode !== 'off' || Object.values(config.fields).some((field) => (field.mode ?? 'off') !== 'off')
  );
}
