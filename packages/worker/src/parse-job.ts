import {
  type AnyWorkflow,
  BadPayloadError,
  formatPath,
  InvalidJobDataError,
  type WorkflowRegistry,
} from '@quarry/core';
import { JobData, modelOverridesProblems, UnreadableJobData } from '@quarry/queue';
import type { z } from 'zod';

/** A job whose data passed the job contract and whose input passed its workflow's input schema. */
export interface ParsedJob {
  readonly data: JobData;
  readonly workflow: AnyWorkflow;
  readonly input: unknown;
}

const problemsOf = (error: z.ZodError, root: string): string[] =>
  error.issues.map((issue) => {
    const path = formatPath(issue.path);
    const where = root && path ? `${root}${path.startsWith('[') ? '' : '.'}${path}` : root || path;
    return `${where || '(job data)'}: ${issue.message}`;
  });

/**
 * Checks a job's data against the job contract, looks its workflow up, checks a model override
 * against the workflow's models and `allowedModels`, and validates the input.
 * @throws BadPayloadError when the stored job could not be read at all (its data is an `UnreadableJobData`).
 * @throws InvalidJobDataError listing every problem (contract, model override or input schema).
 * @throws WorkflowNotFoundError when the workflow or version is not registered.
 */
export function parseJob(options: {
  readonly data: unknown;
  readonly registry: WorkflowRegistry;
  /** Models `overrides.model` may name besides the workflow's own (`QUARRY_ALLOWED_MODELS`). */
  readonly allowedModels: readonly string[];
}): ParsedJob {
  if (options.data instanceof UnreadableJobData) {
    throw new BadPayloadError({
      message: options.data.describe(),
      fields: options.data.unreadable.map((entry) => entry.field),
    });
  }
  const contract = JobData.safeParse(options.data);
  if (!contract.success) {
    const problems = problemsOf(contract.error, '');
    throw new InvalidJobDataError({
      message: `The job data breaks the job contract: ${problems.join('; ')}`,
      problems,
      cause: contract.error,
    });
  }
  const data = contract.data;
  const workflow = options.registry.get(data.workflow, data.version ?? null);
  const refused = modelOverridesProblems({
    registry: options.registry,
    workflow: workflow.name,
    overrides: data.overrides,
    allowedModels: options.allowedModels,
  }).map((problem) => `${problem.path}: ${problem.message}`);
  if (refused.length > 0) {
    throw new InvalidJobDataError({
      message: `The job's model override is refused: ${refused.join('; ')}`,
      problems: refused,
    });
  }
  const input = workflow.input.safeParse(data.input);
  if (!input.success) {
    const problems = problemsOf(input.error, 'input');
    throw new InvalidJobDataError({
      message: `The input does not match ${workflow.name}@v${workflow.version}: ${problems.join('; ')}`,
      problems,
      cause: input.error,
    });
  }
  return { data, workflow, input: input.data };
}
