import { Option } from 'commander';
import { z } from 'zod';
import { defineCommand } from '../define-command';
import { switchFlag } from '../flag-schemas';
import { webhooksEnvironmentHelp } from './webhooks-help';

export const WebhooksTestFlags = z.object({ args: z.tuple([z.string()]), json: switchFlag });

/** `quarry webhooks test <id>`: sends a signed `webhook.test` event now. */
export const webhooksTestCommand = defineCommand({
  name: 'webhooks test',
  summary: 'send a signed test event to a subscription now and print the outcome',
  description: `Sends one signed webhook.test event to the subscription's URL now, through the same egress
policy and deadline as deliveries (no retry), prints the outcome and keeps it in the subscription's history.`,
  arguments: [{ name: '<id>', description: 'the subscription id (wh_…)' }],
  options: () => [new Option('--json', 'print { eventId, outcome } as one JSON object')],
  flags: WebhooksTestFlags,
  examples: ['quarry webhooks test wh_0123456789abcdef'],
  helpAfter: `Exit codes: 0 delivered (2xx), 1 not delivered, unknown id or no Redis.\n\n${webhooksEnvironmentHelp}`,
  run: async (flags, context) => (await import('./webhooks-test-run')).webhooksTest(flags, context),
});
