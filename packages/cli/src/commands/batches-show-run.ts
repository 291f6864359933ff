import { UnknownBatchError } from '@quarry/queue';
import type { z } from 'zod';
import type { CliContext } from '../cli-context';
import { exitCodes } from '../exit-codes';
import type { BatchesShowFlags } from './batches-show-command';
import { renderBatchDetail } from './render-batches';
import { withBatchesView } from './with-batches-view';

/** Runs `quarry batches show`. */
export async function batchesShow(
  flags: z.output<typeof BatchesShowFlags>,
  context: CliContext,
): Promise<number> {
  const [batchId] = flags.args;
  const batch = await withBatchesView(context, 'batches show', ({ view }) =>
    view.show({ batchId, requestLimit: flags.limit }),
  );
  if (!batch) throw new UnknownBatchError({ batchId });
  context.stdout(flags.json ? `${JSON.stringify(batch)}\n` : renderBatchDetail({ batch, nowMs: Date.now() }));
  return exitCodes.ok;
}
