import { terminalText } from '@quarry/env';
import type { z } from 'zod';
import type { CliContext } from '../cli-context';
import { exitCodes } from '../exit-codes';
import type { ApiKeysListFlags } from './api-keys-list-command';
import { withApiKeys } from './with-api-keys';

/** Runs `quarry api-keys list`. */
export async function apiKeysList(
  flags: z.output<typeof ApiKeysListFlags>,
  context: CliContext,
): Promise<number> {
  const keys = await withApiKeys(context, 'api-keys list', (store) => store.list());
  if (flags.json) {
    context.stdout(`${JSON.stringify({ keys })}\n`);
    return exitCodes.ok;
  }
  if (keys.length === 0) context.stdout('no API keys\n');
  for (const key of keys) {
    const workflows = key.workflows === '*' ? '*' : key.workflows.join(',');
    const state = key.revokedAt ? `revoked ${key.revokedAt}` : 'active';
    context.stdout(
      `${key.id}  ${terminalText(key.name)}  workflows=${workflows}  tenant=${key.tenant ?? '-'}  created ${key.createdAt}  ${state}\n`,
    );
  }
  return exitCodes.ok;
}
