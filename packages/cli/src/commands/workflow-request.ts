import { type AnyWorkflow, buildRequest, extractDefaults, type ModelRequest } from '@quarry/core';

/** What stands for the document in a request shown by `workflows show` and `workflows validate`. */
const SAMPLE_DOCUMENT = '<document text>';

/** The request of a job's first attempt on `model`, with a placeholder document. */
export function workflowRequest(workflow: AnyWorkflow, model: string): ModelRequest {
  return buildRequest({
    workflow,
    input: { text: SAMPLE_DOCUMENT },
    model,
    maxTokens: workflow.maxTokens ?? extractDefaults.maxTokens,
    strategy: workflow.strategy ?? extractDefaults.strategy,
  });
}

/** The models a job of the workflow may be asked on: its ladder, its model, or the default. */
export function workflowModels(workflow: AnyWorkflow, defaultModel: string | undefined): readonly string[] {
  return workflow.models ?? [workflow.model ?? defaultModel ?? extractDefaults.modelId];
}
