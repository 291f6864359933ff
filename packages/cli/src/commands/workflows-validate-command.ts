import { z } from 'zod';
import { defineCommand } from '../define-command';
import { workflowsEnvironmentHelp } from './workflows-environment-help';

export const WorkflowsValidateFlags = z.object({
  args: z.array(z.string()).min(1, { error: 'name at least one workflow file' }),
});

/** `quarry workflows validate`: checks workflow files before they are deployed. */
export const workflowsValidateCommand = defineCommand({
  name: 'workflows validate',
  summary: 'check workflow files: load, build the request of each model, check platform limits',
  description: `Loads each workflow file as the worker would (fields, schemas, rules, examples), builds
the request each model of its ladder would get, and checks it against the model table (a model it
does not know) and the structured-output limits the platform documents (optional and union-typed
parameters per request). Every problem of every file is listed; the exit code is 1 if there is any.`,
  usage: 'FILE...',
  arguments: [{ name: '<file...>', description: 'workflow files (.workflow.json, .yaml, .yml, .mjs, .js)' }],
  options: () => [],
  flags: WorkflowsValidateFlags,
  examples: [
    'quarry workflows validate workflows/receipt.workflow.yaml',
    'quarry workflows validate workflows/*.workflow.yaml',
  ],
  helpAfter: workflowsEnvironmentHelp,
  run: async (flags, context) => (await import('./workflows-validate-run')).workflowsValidate(flags, context),
});
