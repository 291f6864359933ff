import { WebhookEventType } from '@quarry/queue';
import { Option } from 'commander';
import { z } from 'zod';
import { defineCommand } from '../define-command';
import { switchFlag, textFlag } from '../flag-schemas';
import { webhooksEnvironmentHelp } from './webhooks-help';

export const WebhooksAddFlags = z.object({
  args: z.tuple([z.string()]),
  workflow: textFlag,
  events: z.string().transform((text) => text.split(',').map((event) => event.trim())),
  tenant: textFlag.optional(),
  json: switchFlag,
});

/** `quarry webhooks add URL --workflow W --events …`: subscribes a URL to a workflow's events. */
export const webhooksAddCommand = defineCommand({
  name: 'webhooks add',
  summary: "subscribe a URL to a workflow's completion events (prints the signing secret once)",
  description: `Subscribes URL to events of workflow W: ${WebhookEventType.options.join(', ')}. Deliveries are
POSTed as Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature: HMAC-SHA256 with the
subscription's secret), at least once, retried with backoff over hours. The URL must be https and
resolve to public addresses unless WEBHOOK_ALLOW_HTTP / WEBHOOK_ALLOW_PRIVATE_NETWORKS allow more.
The secret is printed once and never listed.`,
  arguments: [{ name: '<url>', description: 'where deliveries are POSTed (https)' }],
  options: () => [
    new Option('--workflow <w>', 'the workflow whose jobs send events').makeOptionMandatory(),
    new Option(
      '--events <list>',
      `comma-separated events (${WebhookEventType.options.join(', ')})`,
    ).makeOptionMandatory(),
    new Option('--tenant <t>', 'scope the subscription to a tenant'),
    new Option('--json', 'print { subscription, secret } as one JSON object'),
  ],
  flags: WebhooksAddFlags,
  examples: [
    'quarry webhooks add https://example.com/hooks/quarry --workflow invoice --events job.completed,job.dead_lettered',
  ],
  helpAfter: `Exit codes: 0 subscribed, 1 bad URL, event, workflow or address, bad usage or no Redis.\n\n${webhooksEnvironmentHelp}`,
  run: async (flags, context) => (await import('./webhooks-add-run')).webhooksAdd(flags, context),
});
