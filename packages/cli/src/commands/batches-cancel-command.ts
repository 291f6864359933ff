import { Option } from 'commander';
import { z } from 'zod';
import { defineCommand } from '../define-command';
import { cliEnvironmentHelp } from '../environment-help';
import { switchFlag } from '../flag-schemas';
import { batchIdArg } from './batch-id-arg';

export const BatchesCancelFlags = z.object({ args: z.tuple([batchIdArg]), json: switchFlag });

/** `quarry batches cancel <id>`: cancels a batch in flight; its jobs are collected again. */
export const batchesCancelCommand = defineCommand({
  name: 'batches cancel',
  summary: 'cancel a batch in flight (its jobs go into a later batch, never lost)',
  description: `Asks the Message Batches API to cancel a batch this queue has in flight. Requests not processed
yet come back as canceled results, which the workers collect again into a later batch without
spending an attempt (or send realtime when their deadline nears); replies already made are kept.
A batch that has ended is left alone. Needs ANTHROPIC_API_KEY (and ANTHROPIC_BASE_URL) as the
workers do.`,
  arguments: [{ name: '<batchId>', description: 'the batch id (msgbatch_…)' }],
  options: () => [new Option('--json', 'print { batchId, status } as one JSON object')],
  flags: BatchesCancelFlags,
  examples: ['quarry batches cancel msgbatch_…'],
  helpAfter: `Exit codes: 0 cancel asked (or the batch had ended), 1 unknown batch, API refusal, bad usage or no Redis.

${cliEnvironmentHelp}
  ANTHROPIC_API_KEY      the Anthropic API key (required)
  ANTHROPIC_BASE_URL     the API's URL (default the SDK's)
  ANTHROPIC_TIMEOUT_MS   deadline of the cancel call
  ANTHROPIC_MAX_RETRIES  retries of the cancel call`,
  run: async (flags, context) => (await import('./batches-cancel-run')).batchesCancel(flags, context),
});
