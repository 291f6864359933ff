import type { AnyWorkflow } from '@quarry/core';
import type { WorkflowSource } from '@quarry/workflow-files';

/** One workflow as `workflows list` and `workflows show` describe it. */
export interface WorkflowRow {
  readonly name: string;
  readonly version: number;
  readonly description: string;
  /** The file it was loaded from, or `shipped`. */
  readonly source: string;
  /** Its model, its ladder (`a > b`), or `default` (the worker's QUARRY_MODEL). */
  readonly model: string;
  readonly lane: string;
}

export function workflowRow(workflow: AnyWorkflow, source: WorkflowSource): WorkflowRow {
  const model = workflow.models?.join(' > ') ?? workflow.model ?? 'default';
  return {
    name: workflow.name,
    version: workflow.version,
    description: workflow.description,
    source: source.kind === 'file' ? source.file : 'shipped',
    model,
    lane: workflow.lane ?? 'realtime',
  };
}
