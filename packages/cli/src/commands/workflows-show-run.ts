import type { AnyWorkflow } from '@quarry/core';
import { z } from 'zod';
import type { CliContext } from '../cli-context';
import { cliModelsConfig } from '../cli-models-config';
import { cliWorkflowCatalog } from '../cli-workflow-catalog';
import { exitCodes } from '../exit-codes';
import { workflowModels, workflowRequest } from './workflow-request';
import { workflowRow } from './workflow-row';
import type { WorkflowsShowFlags } from './workflows-show-command';

/** Runs `quarry workflows show`. */
export async function workflowsShow(
  flags: z.output<typeof WorkflowsShowFlags>,
  context: CliContext,
): Promise<number> {
  const [{ name, version }] = flags.args;
  const catalog = await cliWorkflowCatalog(context);
  const workflow = catalog.registry.get(name, version);
  if (flags.jsonSchema) {
    context.stdout(`${JSON.stringify(outputJsonSchema(workflow), null, 2)}\n`);
    return exitCodes.ok;
  }
  const row = workflowRow(workflow, catalog.sourceOf(workflow));
  const [model = ''] = workflowModels(workflow, cliModelsConfig(context).defaultModel);
  const rules = workflow.rules.map((rule) => `  - ${rule.id} (${rule.severity}): ${rule.description}`);
  context.stdout(
    [
      `${row.name}@v${row.version}: ${row.description}`,
      `source: ${row.source}`,
      `model: ${row.model}`,
      `lane: ${row.lane}`,
      `rules:${rules.length === 0 ? ' none' : `\n${rules.join('\n')}`}`,
      '',
      `The request of a job's first attempt on ${model}:`,
      JSON.stringify(workflowRequest(workflow, model), null, 2),
      '',
    ].join('\n'),
  );
  return exitCodes.ok;
}

/** The output's JSON Schema as results have it (every constraint), titled with the workflow. */
function outputJsonSchema(workflow: AnyWorkflow): Record<string, unknown> {
  const schema = z.toJSONSchema(workflow.output, { io: 'output', unrepresentable: 'any' });
  return { ...schema, title: `${workflow.name}@v${workflow.version}`, description: workflow.description };
}
