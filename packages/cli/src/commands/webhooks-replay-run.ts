import type { z } from 'zod';
import type { CliContext } from '../cli-context';
import { exitCodes } from '../exit-codes';
import type { WebhooksReplayFlags } from './webhooks-replay-command';
import { withWebhooks } from './with-webhooks';

/** Runs `quarry webhooks replay`. */
export async function webhooksReplay(
  flags: z.output<typeof WebhooksReplayFlags>,
  context: CliContext,
): Promise<number> {
  const result = await withWebhooks(context, 'webhooks replay', async ({ dlq, queue, config }) => {
    const deliveryIds = flags.all ? (await dlq.list()).map((failed) => failed.deliveryId) : (flags.id ?? []);
    return dlq.replay({ queue, deliveryIds, maxAttempts: config.webhooks.maxAttempts });
  });
  if (flags.json) context.stdout(`${JSON.stringify(result)}\n`);
  else {
    context.stderr(
      `replayed ${result.replayed.length} deliver${result.replayed.length === 1 ? 'y' : 'ies'}\n`,
    );
    for (const id of result.missing) context.stderr(`not in the delivery DLQ: ${id}\n`);
  }
  return result.missing.length === 0 ? exitCodes.ok : exitCodes.failure;
}
