import { Option } from 'commander';
import { z } from 'zod';
import { defineCommand } from '../define-command';
import { cliEnvironmentHelp } from '../environment-help';
import { switchFlag } from '../flag-schemas';

export const EvalSetsFlags = z.object({ json: switchFlag });

/** `quarry eval sets`: the stored labelled sets. */
export const evalSetsCommand = defineCommand({
  name: 'eval sets',
  summary: 'list the stored labelled sets',
  description: `Lists the labelled sets stored in Redis, by name: how many items each holds, when an item was
last put, and the workflows its items name. Corrections from review ("quarry review correct", the
dashboard's Correct) go to the set "reviewed-<workflow>". Sets are kept until deleted ("quarry eval
delete"); job retention does not touch them.`,
  usage: '[--json]',
  options: () => [new Option('--json', 'print { sets: [{ name, items, updatedAt, workflows }] }')],
  flags: EvalSetsFlags,
  examples: ['quarry eval sets', 'quarry eval sets --json'],
  helpAfter: cliEnvironmentHelp,
  run: async (flags, context) => (await import('./eval-sets-run')).evalSets(flags, context),
});
