import { Option } from 'commander';
import { z } from 'zod';
import { defineCommand } from '../define-command';
import { switchFlag } from '../flag-schemas';
import { webhooksEnvironmentHelp } from './webhooks-help';

export const WebhooksListFlags = z.object({ json: switchFlag });

/** `quarry webhooks list`: the subscriptions, never their secrets. */
export const webhooksListCommand = defineCommand({
  name: 'webhooks list',
  summary: 'list webhook subscriptions (no secrets) and their last delivery',
  description:
    'Lists the webhook subscriptions of the queue: id, workflow, events, URL and the last delivery outcome. Secrets are never shown.',
  options: () => [new Option('--json', 'print { subscriptions: [...] } as one JSON object')],
  flags: WebhooksListFlags,
  examples: ['quarry webhooks list', 'quarry webhooks list --json'],
  helpAfter: webhooksEnvironmentHelp,
  run: async (flags, context) => (await import('./webhooks-list-run')).webhooksList(flags, context),
});
