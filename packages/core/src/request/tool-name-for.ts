import type { AnyWorkflow } from '../workflow/define-workflow';

/** Name of the answer tool of a workflow when the strategy is `tool` (`submit_invoice`). */
export function toolNameFor(workflow: Pick<AnyWorkflow, 'name'>): string {
  return `submit_${workflow.name.replaceAll('-', '_')}`.slice(0, 64);
}
