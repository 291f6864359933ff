import { UnknownBatchError } from '@quarry/queue';
import { Option } from 'commander';
import { z } from 'zod';
import { defineCommand } from '../define-command';
import { cliEnvironmentHelp } from '../environment-help';
import { exitCodes } from '../exit-codes';
import { positiveIntegerFlag, switchFlag } from '../flag-schemas';
import { batchIdArg } from './batch-id-arg';
import { renderBatchDetail } from './render-batches';
import { withBatchesView } from './with-batches-view';

/** `quarry batches show <id>`: one batch with its requests. */
export const batchesShowCommand = defineCommand({
  name: 'batches show',
  summary: 'show one batch: results per type, cost so far, and the job attempt of each request',
  description: `Shows one batch of the batch lane: model, status, age, results consumed per type, requests
pending, cost so far at the batch price, and its requests (custom_id, job id, attempt, result).`,
  arguments: [{ name: '<batchId>', description: 'the batch id (msgbatch_…)' }],
  options: () => [
    new Option('--limit <N>', 'most requests to list, at most 10000 (default 100)'),
    new Option('--json', 'print the batch as one JSON object (requests in requestList)'),
  ],
  flags: z.object({
    args: z.tuple([batchIdArg]),
    limit: positiveIntegerFlag.pipe(z.number().max(10_000, { error: 'must be at most 10000' })).default(100),
    json: switchFlag,
  }),
  examples: ['quarry batches show msgbatch_… --limit 20'],
  helpAfter: cliEnvironmentHelp,
  async run(flags, context) {
    const [batchId] = flags.args;
    const batch = await withBatchesView(context, 'batches show', ({ view }) =>
      view.show({ batchId, requestLimit: flags.limit }),
    );
    if (!batch) throw new UnknownBatchError({ batchId });
    context.stdout(
      flags.json ? `${JSON.stringify(batch)}\n` : renderBatchDetail({ batch, nowMs: Date.now() }),
    );
    return exitCodes.ok;
  },
});
