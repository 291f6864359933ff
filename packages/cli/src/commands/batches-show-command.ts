import { Option } from 'commander';
import { z } from 'zod';
import { defineCommand } from '../define-command';
import { cliEnvironmentHelp } from '../environment-help';
import { positiveIntegerFlag, switchFlag } from '../flag-schemas';
import { batchIdArg } from './batch-id-arg';

export const BatchesShowFlags = z.object({
  args: z.tuple([batchIdArg]),
  limit: positiveIntegerFlag.pipe(z.number().max(10_000, { error: 'must be at most 10000' })).default(100),
  json: switchFlag,
});

/** `quarry batches show <id>`: one batch with its requests. */
export const batchesShowCommand = defineCommand({
  name: 'batches show',
  summary: 'show one batch: results per type, cost so far, and the model call of each request',
  description: `Shows one batch of the batch lane: model, status, age, results consumed per type, requests
pending, cost so far at the batch price, and its requests (custom_id, job id, model call number, result).`,
  arguments: [{ name: '<batchId>', description: 'the batch id (msgbatch_…)' }],
  options: () => [
    new Option('--limit <N>', 'most requests to list, at most 10000 (default 100)'),
    new Option('--json', 'print the batch as one JSON object (requests in requestList)'),
  ],
  flags: BatchesShowFlags,
  examples: ['quarry batches show msgbatch_… --limit 20'],
  helpAfter: cliEnvironmentHelp,
  run: async (flags, context) => (await import('./batches-show-run')).batchesShow(flags, context),
});
