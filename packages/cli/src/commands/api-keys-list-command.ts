import { Option } from 'commander';
import { z } from 'zod';
import { defineCommand } from '../define-command';
import { cliEnvironmentHelp } from '../environment-help';
import { switchFlag } from '../flag-schemas';

export const ApiKeysListFlags = z.object({ json: switchFlag });

/** `quarry api-keys list`: the HTTP API's keys, without secrets. */
export const apiKeysListCommand = defineCommand({
  name: 'api-keys list',
  summary: 'list the HTTP API keys (never the keys themselves)',
  description: 'Lists every HTTP API key: id, name, workflows, tenant, when it was created and revoked.',
  usage: '[--json]',
  options: () => [new Option('--json', 'print { keys: [...] }')],
  flags: ApiKeysListFlags,
  examples: ['quarry api-keys list', 'quarry api-keys list --json'],
  helpAfter: cliEnvironmentHelp,
  run: async (flags, context) => (await import('./api-keys-list-run')).apiKeysList(flags, context),
});
