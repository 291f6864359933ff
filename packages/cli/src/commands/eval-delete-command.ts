import { Option } from 'commander';
import { z } from 'zod';
import { defineCommand } from '../define-command';
import { cliEnvironmentHelp } from '../environment-help';
import { switchFlag } from '../flag-schemas';
import { setNameArg } from './set-name-arg';

export const EvalDeleteFlags = z.object({
  args: z.tuple([setNameArg], { error: 'give the name of exactly one set to delete' }),
  yes: switchFlag,
});

/** `quarry eval delete`: removes a stored labelled set. */
export const evalDeleteCommand = defineCommand({
  name: 'eval delete',
  summary: 'delete a stored labelled set and all its items',
  description: `Deletes a labelled set and every item of it, after asking on the terminal (or with --yes).
The documents its items refer to stay in the blob store until "quarry blobs gc" finds nothing else
refers to them. Export the set first ("quarry eval export") to keep a copy.`,
  usage: '<set> [--yes]',
  arguments: [{ name: '[set]', description: 'the set to delete' }],
  options: () => [new Option('--yes', 'delete without asking')],
  flags: EvalDeleteFlags,
  examples: ['quarry eval delete reviewed-invoice', 'quarry eval delete scratch --yes'],
  helpAfter: `Exit codes: 0 the set was deleted, 1 it was not (no such set, not confirmed; or bad usage,
Redis unavailable).

${cliEnvironmentHelp}`,
  run: async (flags, context) => (await import('./eval-delete-run')).evalDelete(flags, context),
});
