import { Option } from 'commander';
import { z } from 'zod';
import { defineCommand } from '../define-command';
import { cliEnvironmentHelp } from '../environment-help';
import { positiveIntegerFlag, switchFlag } from '../flag-schemas';

export const BatchesListFlags = z.object({
  limit: positiveIntegerFlag.pipe(z.number().max(1000, { error: 'must be at most 1000' })).default(50),
  json: switchFlag,
});

/** `quarry batches list`: the batch lane's batches and collectors. */
export const batchesListCommand = defineCommand({
  name: 'batches list',
  summary: "list the batch lane's batches (in flight and recently ended) and waiting attempts",
  description: `Lists the Message Batches this queue has in flight or ended within the last 7 days, newest first:
batch id, model, status (in_progress, canceling, ended), requests, results consumed per type,
requests pending, cost so far at the batch price and age; then, per model, the attempts waiting
to be collected into a batch and the age of the oldest.`,
  usage: '[--limit N] [--json]',
  options: () => [
    new Option('--limit <N>', 'most batches to list, at most 1000 (default 50)'),
    new Option('--json', 'print { batches, collectors } as one JSON object'),
  ],
  flags: BatchesListFlags,
  examples: ['quarry batches list --limit 10'],
  helpAfter: cliEnvironmentHelp,
  run: async (flags, context) => (await import('./batches-list-run')).batchesList(flags, context),
});
