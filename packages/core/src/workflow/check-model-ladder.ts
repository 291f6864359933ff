/** Most models a workflow's ladder (`models`) may name. */
export const MAX_LADDER_MODELS = 4;

/** Most attempts `attemptsPerModel` may give each model below the top of the ladder. */
export const MAX_ATTEMPTS_PER_MODEL = 20;

/**
 * The problems of a workflow's model ladder, each a sentence naming the workflow (none: fine):
 * `models` must be 1 to {@link MAX_LADDER_MODELS} distinct non-empty ids and excludes `model`;
 * `attemptsPerModel` needs `models` and is a whole number from 1 to {@link MAX_ATTEMPTS_PER_MODEL}.
 * Whether each id is in the model table is checked where the table is known (`extract`, the worker).
 */
export function modelLadderProblems(workflow: {
  readonly name: string;
  readonly model?: unknown;
  readonly models?: unknown;
  readonly attemptsPerModel?: unknown;
}): string[] {
  const { name, models, attemptsPerModel } = workflow;
  const problems: string[] = [];
  if (models !== undefined) {
    const ids: unknown[] = Array.isArray(models) ? models : [];
    if (!Array.isArray(models) || ids.length === 0 || ids.length > MAX_LADDER_MODELS) {
      problems.push(
        `Workflow ${name}: models must list 1 to ${MAX_LADDER_MODELS} model ids, cheapest first, got ${JSON.stringify(models)}`,
      );
    }
    const bad = ids.filter((id) => typeof id !== 'string' || id.trim() === '');
    if (bad.length > 0)
      problems.push(`Workflow ${name}: models must be non-empty model ids, got ${JSON.stringify(bad)}`);
    const twice = ids.filter((id, i) => ids.indexOf(id) !== i);
    if (twice.length > 0)
      problems.push(`Workflow ${name}: models names ${JSON.stringify([...new Set(twice)])} more than once`);
    if (workflow.model !== undefined) {
      problems.push(`Workflow ${name}: give either model or models (a ladder), not both`);
    }
  }
  if (attemptsPerModel !== undefined) {
    if (models === undefined)
      problems.push(`Workflow ${name}: attemptsPerModel applies only with models (a ladder)`);
    if (
      typeof attemptsPerModel !== 'number' ||
      !Number.isInteger(attemptsPerModel) ||
      attemptsPerModel < 1 ||
      attemptsPerModel > MAX_ATTEMPTS_PER_MODEL
    ) {
      problems.push(
        `Workflow ${name}: attemptsPerModel must be a whole number from 1 to ${MAX_ATTEMPTS_PER_MODEL}, got ${JSON.stringify(attemptsPerModel)}`,
      );
    }
  }
  return problems;
}
