import { type ModelTable, modelSpecOf, type WorkflowRegistry } from '@quarry/core';

/**
 * The start-up check of the workflows' model ladders: every model a ladder (`models`) names must be
 * in the model table, since a ladder moves from a cheaper model to a dearer one by price.
 * @throws TypeError naming each workflow version and model that is not in the table.
 */
export function checkModelLadders(options: {
  readonly registry: WorkflowRegistry;
  readonly table: ModelTable;
}): void {
  const problems = options.registry
    .list()
    .flatMap((workflow) =>
      (workflow.models ?? [])
        .filter((model) => modelSpecOf(model, options.table) === null)
        .map((model) => `${workflow.name}@v${workflow.version} names "${model}"`),
    );
  if (problems.length > 0) {
    throw new TypeError(
      `Model ladders name models that are not in the model table (add them through QUARRY_MODELS_FILE): ${problems.join('; ')}`,
    );
  }
}
