import type { WorkflowRegistry } from '@quarry/core';

/**
 * The model ids a worker is configured with: `QUARRY_MODEL` and every model a workflow names (its
 * `model` and each model of its ladder), once each.
 */
export function configuredModels(options: {
  readonly defaultModel: string;
  readonly registry: WorkflowRegistry;
}): string[] {
  const named = options.registry
    .list()
    .flatMap((workflow) => [...(workflow.model ? [workflow.model] : []), ...(workflow.models ?? [])]);
  return [...new Set([options.defaultModel, ...named])];
}
