import { resolve } from 'node:path';
import {
  type AnyWorkflow,
  countStructuredOutputParameters,
  type ModelTable,
  modelSpecOf,
  structuredOutputLimits,
} from '@quarry/core';
import { loadWorkflowFile, problemLine, type WorkflowFileProblem } from '@quarry/workflow-files';
import type { z } from 'zod';
import type { CliContext } from '../cli-context';
import { cliModelsConfig } from '../cli-models-config';
import { exitCodes } from '../exit-codes';
import { workflowModels, workflowRequest } from './workflow-request';
import type { WorkflowsValidateFlags } from './workflows-validate-command';

/** Runs `quarry workflows validate`: every problem of every file on standard error, exit 1 if any. */
export async function workflowsValidate(
  flags: z.output<typeof WorkflowsValidateFlags>,
  context: CliContext,
): Promise<number> {
  const models = cliModelsConfig(context);
  const problems: WorkflowFileProblem[] = [];
  for (const file of flags.args) {
    const loaded = await loadWorkflowFile({ path: resolve(context.cwd, file), label: file });
    if (!loaded.ok) {
      problems.push(...loaded.problems);
      continue;
    }
    const found = requestProblems(loaded.workflow, models.modelTable, models.defaultModel);
    problems.push(...found.map((message) => ({ file, path: '', message })));
    if (found.length === 0) {
      const ladder = workflowModels(loaded.workflow, models.defaultModel).join(', ');
      context.stdout(`${file}: ${loaded.workflow.name}@v${loaded.workflow.version} is valid (${ladder})\n`);
    }
  }
  for (const problem of problems) context.stderr(`${problemLine(problem)}\n`);
  if (problems.length === 0) return exitCodes.ok;
  context.stderr(`${problems.length} problem(s)\n`);
  return exitCodes.failure;
}

function requestProblems(
  workflow: AnyWorkflow,
  table: ModelTable,
  defaultModel: string | undefined,
): string[] {
  const limits = structuredOutputLimits;
  return workflowModels(workflow, defaultModel).flatMap((model) => {
    if (modelSpecOf(model, table) === null)
      return [`model ${model} is not in the model table (docs/models.md)`];
    const counts = countStructuredOutputParameters(workflowRequest(workflow, model).outputSchema);
    const over: string[] = [];
    if (counts.optionalParameters > limits.maxOptionalParameters) {
      over.push(
        `${counts.optionalParameters} optional properties (the platform takes at most ${limits.maxOptionalParameters})`,
      );
    }
    if (counts.unionParameters > limits.maxUnionParameters) {
      over.push(
        `${counts.unionParameters} union-typed properties such as nullable ones (the platform takes at most ${limits.maxUnionParameters})`,
      );
    }
    return over.map((problem) => `the output schema sent to ${model} has ${problem}`);
  });
}
