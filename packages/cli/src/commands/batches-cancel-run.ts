import { UnknownBatchError } from '@quarry/queue';
import type { z } from 'zod';
import { cliAnthropicConfig } from '../cli-config';
import type { CliContext } from '../cli-context';
import { exitCodes } from '../exit-codes';
import type { BatchesCancelFlags } from './batches-cancel-command';
import { withBatchesView } from './with-batches-view';

/** Runs `quarry batches cancel`. */
export async function batchesCancel(
  flags: z.output<typeof BatchesCancelFlags>,
  context: CliContext,
): Promise<number> {
  const [batchId] = flags.args;
  const config = cliAnthropicConfig(context.env);
  const status = await withBatchesView(context, 'batches cancel', async ({ view, records }) => {
    const batch = await view.show({ batchId, requestLimit: 1 });
    if (!batch) throw new UnknownBatchError({ batchId });
    if (batch.status === 'ended') return 'ended';
    const { cancelMessageBatch } = await import('./on-demand');
    const processing = await cancelMessageBatch({ ...config.anthropic, batchId });
    await records.markCanceling(batchId);
    return processing;
  });
  if (flags.json) context.stdout(`${JSON.stringify({ batchId, status })}\n`);
  else
    context.stderr(
      status === 'ended'
        ? `batch ${batchId} has ended; nothing to cancel\n`
        : `batch ${batchId} is ${status}; its unprocessed requests will be collected again\n`,
    );
  return exitCodes.ok;
}
