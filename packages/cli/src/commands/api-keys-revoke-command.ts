import { ApiKeyId } from '@quarry/queue';
import { z } from 'zod';
import { defineCommand } from '../define-command';
import { cliEnvironmentHelp } from '../environment-help';

export const ApiKeysRevokeFlags = z.object({
  args: z.tuple([ApiKeyId], { error: 'give the id of exactly one key (ak_…) to revoke' }),
});

/** `quarry api-keys revoke`: revokes an HTTP API key at once. */
export const apiKeysRevokeCommand = defineCommand({
  name: 'api-keys revoke',
  summary: 'revoke an HTTP API key',
  description:
    'Revokes a key: its next request is refused (401). It stays listed with the time it was revoked.',
  usage: '<id>',
  arguments: [{ name: '[id]', description: 'the key id (ak_…) from quarry api-keys list' }],
  options: () => [],
  flags: ApiKeysRevokeFlags,
  examples: ['quarry api-keys revoke ak_0123456789abcdef'],
  helpAfter: `Exit codes: 0 revoked (or already revoked), 1 no such key (or bad usage, Redis unavailable).

${cliEnvironmentHelp}`,
  run: async (flags, context) => (await import('./api-keys-revoke-run')).apiKeysRevoke(flags, context),
});
