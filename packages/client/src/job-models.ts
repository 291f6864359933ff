import type { WorkflowRegistry } from '@quarry/core';
import type { DocumentEnqueueRequest } from './enqueue-document';

/**
 * The models a job may run on: its override (`model` or a `models` ladder), else its workflow's
 * `models` or `model`; empty when the worker's configured default decides.
 * @throws WorkflowNotFoundError for a workflow the registry does not know (check the job first).
 */
export function jobModels(options: {
  readonly registry: WorkflowRegistry;
  readonly request: Pick<DocumentEnqueueRequest, 'workflow' | 'options'>;
}): readonly string[] {
  const { request } = options;
  const workflow =
    typeof request.workflow === 'string'
      ? options.registry.get(request.workflow, request.options?.version)
      : request.workflow;
  const overrides = request.options?.overrides;
  if (overrides?.models) return overrides.models;
  if (overrides?.model) return [overrides.model];
  return workflow.models ?? (workflow.model ? [workflow.model] : []);
}
