import type { WorkflowRegistry } from '@quarry/core';

/** Options of {@link modelOverrideProblem}. */
export interface ModelOverrideCheckOptions {
  readonly registry: WorkflowRegistry;
  /** The job's workflow name. */
  readonly workflow: string;
  /** The job's `overrides.model`; undefined when it names none (always allowed). */
  readonly model: string | undefined;
  /** Models allowed for every workflow (`QUARRY_ALLOWED_MODELS`). */
  readonly allowedModels: readonly string[];
}

/**
 * The models a job of `workflow` may name in `overrides.model`: those its registered versions name
 * (`model` and every model of a ladder), plus `allowedModels`, sorted. Every model a job can run with, and so every `model` metric label,
 * comes from code or configuration, never from a producer.
 */
export function allowedModelsFor(
  options: Pick<ModelOverrideCheckOptions, 'registry' | 'workflow' | 'allowedModels'>,
): string[] {
  const own = options.registry
    .list()
    .filter((workflow) => workflow.name === options.workflow)
    .flatMap((workflow) => [
      ...(workflow.model === undefined ? [] : [workflow.model]),
      ...(workflow.models ?? []),
    ]);
  return [...new Set([...own, ...options.allowedModels])].sort();
}

/** Null when `model` may be used for `workflow` (or is undefined); else a message naming the model and what is allowed. */
export function modelOverrideProblem(options: ModelOverrideCheckOptions): string | null {
  if (options.model === undefined) return null;
  const allowed = allowedModelsFor(options);
  if (allowed.includes(options.model)) return null;
  const list = allowed.length > 0 ? `allowed: ${allowed.join(', ')}` : 'no model is allowed';
  return `model "${options.model}" is not allowed for workflow "${options.workflow}" (${list}; add it to QUARRY_ALLOWED_MODELS)`;
}

/**
 * The problems of a job's model overrides, each with its path: `overrides.model`, and each model of
 * `overrides.models` (`overrides.models[1]`), checked as {@link modelOverrideProblem} checks one.
 */
export function modelOverridesProblems(
  options: Omit<ModelOverrideCheckOptions, 'model'> & {
    readonly overrides: { readonly model?: string; readonly models?: readonly string[] } | undefined;
  },
): { readonly path: string; readonly message: string }[] {
  const { overrides, ...rest } = options;
  const named: [string, string][] = [
    ...(overrides?.model === undefined ? [] : [['overrides.model', overrides.model] as [string, string]]),
    ...(overrides?.models ?? []).map((model, i): [string, string] => [`overrides.models[${i}]`, model]),
  ];
  return named.flatMap(([path, model]) => {
    const message = modelOverrideProblem({ ...rest, model });
    return message === null ? [] : [{ path, message }];
  });
}
