import { ApiKeyInfo, ApiKeyWorkflows } from '@quarry/queue';
import { Option } from 'commander';
import { z } from 'zod';
import { defineCommand } from '../define-command';
import { cliEnvironmentHelp } from '../environment-help';
import { switchFlag } from '../flag-schemas';

export const ApiKeysCreateFlags = z.object({
  name: ApiKeyInfo.shape.name,
  workflows: z
    .string()
    .transform((text) => (text.trim() === '*' ? '*' : text.split(',').map((name) => name.trim())))
    .pipe(ApiKeyWorkflows),
  tenant: ApiKeyInfo.shape.tenant.unwrap().optional(),
  json: switchFlag,
});

/** `quarry api-keys create`: makes an HTTP API key and prints it once. */
export const apiKeysCreateCommand = defineCommand({
  name: 'api-keys create',
  summary: 'create an HTTP API key (printed once) scoped to workflows',
  description: `Creates a key for the HTTP API (pnpm api), scoped to the workflows named (or * for all) and
optionally to a tenant. The key is printed once, here; only its SHA-256 digest is stored, so it cannot be
shown again: revoke it and create another if it is lost.`,
  usage: '--name <name> --workflows <a,b|*> [--tenant <t>] [--json]',
  options: () => [
    new Option('--name <name>', 'who the key is for (1-64 characters)'),
    new Option('--workflows <list>', 'workflow names separated by commas, or *'),
    new Option('--tenant <tenant>', 'the tenant the key acts for'),
    new Option('--json', 'print { key, id, name, workflows, tenant, createdAt }'),
  ],
  flags: ApiKeysCreateFlags,
  examples: ['quarry api-keys create --name billing --workflows invoice,receipt'],
  helpAfter: cliEnvironmentHelp,
  run: async (flags, context) => (await import('./api-keys-create-run')).apiKeysCreate(flags, context),
});
