import type { AnyWorkflow, ModelTable, WorkflowRegistry } from '@quarry/core';
import type { DocumentEnqueueRequest } from './enqueue-document';

/**
 * The models a job may run on, for its document limits: its override (`model` or a `models`
 * ladder), else its workflow's `models` or `model`, else `defaultModel` (the worker's
 * `QUARRY_MODEL`) when the caller knows it, else every model of `table`, so that the strictest
 * figures of the table apply: the enqueuer cannot tell which model a worker is configured with.
 * @throws WorkflowNotFoundError for a workflow the registry does not know (check the job first).
 */
export function jobModels(options: {
  readonly registry: WorkflowRegistry;
  readonly request: Pick<DocumentEnqueueRequest, 'workflow' | 'options'>;
  readonly defaultModel: string | undefined;
  readonly table: ModelTable;
}): readonly string[] {
  const { request } = options;
  const workflow = jobWorkflowOf(options);
  const overrides = request.options?.overrides;
  if (overrides?.models) return overrides.models;
  if (overrides?.model) return [overrides.model];
  if (workflow.models) return workflow.models;
  if (workflow.model) return [workflow.model];
  return options.defaultModel ? [options.defaultModel] : Object.keys(options.table);
}

/** The workflow a document enqueue request names (looked up in the registry when given by name). */
export function jobWorkflowOf(options: {
  readonly registry: WorkflowRegistry;
  readonly request: Pick<DocumentEnqueueRequest, 'workflow' | 'options'>;
}): AnyWorkflow {
  const { request } = options;
  return typeof request.workflow === 'string'
    ? options.registry.get(request.workflow, request.options?.version)
    : request.workflow;
}
