import { Option } from 'commander';
import { z } from 'zod';
import { defineCommand } from '../define-command';
import { switchFlag } from '../flag-schemas';
import { workflowsEnvironmentHelp } from './workflows-environment-help';

export const WorkflowsListFlags = z.object({ json: switchFlag });

/** `quarry workflows list`: every workflow this installation serves, shipped and from files. */
export const workflowsListCommand = defineCommand({
  name: 'workflows list',
  summary: 'the workflows served: shipped and loaded from QUARRY_WORKFLOWS',
  description: `Lists every workflow version the worker would serve with this environment: the shipped
workflows and those loaded from the files and directories QUARRY_WORKFLOWS names, with the source file
(or "shipped"), the model (or ladder) and the lane of each. Every file is checked first; any problem
is listed and the command exits 1.`,
  usage: '[--json]',
  options: () => [new Option('--json', 'print a JSON object with every workflow')],
  flags: WorkflowsListFlags,
  examples: ['quarry workflows list', 'QUARRY_WORKFLOWS=./workflows quarry workflows list --json'],
  helpAfter: workflowsEnvironmentHelp,
  run: async (flags, context) => (await import('./workflows-list-run')).workflowsList(flags, context),
});
