import { WebhookInputError } from '@quarry/queue';
import type { z } from 'zod';
import type { CliContext } from '../cli-context';
import { exitCodes } from '../exit-codes';
import type { WebhooksRemoveFlags } from './webhooks-remove-command';
import { withWebhooks } from './with-webhooks';

/** Runs `quarry webhooks remove`. */
export async function webhooksRemove(
  flags: z.output<typeof WebhooksRemoveFlags>,
  context: CliContext,
): Promise<number> {
  const [id] = flags.args;
  const removed = await withWebhooks(context, 'webhooks remove', ({ store }) => store.remove(id));
  if (!removed) throw new WebhookInputError({ problem: 'subscription', message: `no subscription ${id}` });
  context.stderr(`removed ${id}\n`);
  return exitCodes.ok;
}
