import type { z } from 'zod';
import type { CliContext } from '../cli-context';
import { exitCodes } from '../exit-codes';
import type { BatchesListFlags } from './batches-list-command';
import { renderBatchList } from './render-batches';
import { withBatchesView } from './with-batches-view';

/** Runs `quarry batches list`. */
export async function batchesList(
  flags: z.output<typeof BatchesListFlags>,
  context: CliContext,
): Promise<number> {
  const nowMs = Date.now();
  const { batches, collectors } = await withBatchesView(context, 'batches list', async ({ view }) => ({
    batches: await view.list({ limit: flags.limit }),
    collectors: await view.collectors(),
  }));
  if (flags.json) {
    context.stdout(`${JSON.stringify({ batches, collectors })}\n`);
    return exitCodes.ok;
  }
  context.stdout(renderBatchList({ batches, collectors, nowMs }));
  context.stderr(`${batches.length} batch(es)\n`);
  return exitCodes.ok;
}
