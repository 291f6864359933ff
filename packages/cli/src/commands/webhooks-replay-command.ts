import { Option } from 'commander';
import { z } from 'zod';
import { defineCommand } from '../define-command';
import { switchFlag } from '../flag-schemas';
import { webhooksEnvironmentHelp } from './webhooks-help';

export const WebhooksReplayFlags = z
  .object({
    id: z.array(z.string()).optional(),
    all: switchFlag,
    json: switchFlag,
  })
  .refine((flags) => (flags.id !== undefined && flags.id.length > 0) !== flags.all, {
    error: 'give --id (one or more) or --all',
  });

/** `quarry webhooks replay`: puts failed deliveries back on the delivery queue. */
export const webhooksReplayCommand = defineCommand({
  name: 'webhooks replay',
  summary: 'deliver failed webhook deliveries again (from the delivery DLQ)',
  description: `Puts deliveries that failed every try back on the delivery queue, under their own ids
(receivers still see the same webhook-id), with WEBHOOK_MAX_ATTEMPTS new tries. The workers deliver them.`,
  usage: '--id <deliveryId>… | --all [--json]',
  options: () => [
    new Option('--id <deliveryId...>', 'the delivery ids to replay (as the DLQ lists them)'),
    new Option('--all', 'replay every delivery in the delivery DLQ'),
    new Option('--json', 'print { replayed, missing } as one JSON object'),
  ],
  flags: WebhooksReplayFlags,
  examples: ['quarry webhooks replay --all', 'quarry webhooks replay --id evt_…-wh_…'],
  helpAfter: `Exit codes: 0 replayed, 1 an id not in the delivery DLQ, bad usage or no Redis.\n\n${webhooksEnvironmentHelp}`,
  run: async (flags, context) => (await import('./webhooks-replay-run')).webhooksReplay(flags, context),
});
