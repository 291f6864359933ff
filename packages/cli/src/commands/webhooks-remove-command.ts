import { z } from 'zod';
import { defineCommand } from '../define-command';
import { webhooksEnvironmentHelp } from './webhooks-help';

export const WebhooksRemoveFlags = z.object({ args: z.tuple([z.string()]) });

/** `quarry webhooks remove <id>`: removes a subscription and its history. */
export const webhooksRemoveCommand = defineCommand({
  name: 'webhooks remove',
  summary: 'remove a webhook subscription (deliveries still queued for it are dropped)',
  description:
    'Removes a webhook subscription and its delivery history. Deliveries still queued for it are dropped when they run.',
  arguments: [{ name: '<id>', description: 'the subscription id (wh_…)' }],
  options: () => [],
  flags: WebhooksRemoveFlags,
  examples: ['quarry webhooks remove wh_0123456789abcdef'],
  helpAfter: `Exit codes: 0 removed, 1 unknown or bad id, or no Redis.\n\n${webhooksEnvironmentHelp}`,
  run: async (flags, context) => (await import('./webhooks-remove-run')).webhooksRemove(flags, context),
});
