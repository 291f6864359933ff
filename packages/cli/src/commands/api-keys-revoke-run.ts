import type { z } from 'zod';
import type { CliContext } from '../cli-context';
import { exitCodes } from '../exit-codes';
import type { ApiKeysRevokeFlags } from './api-keys-revoke-command';
import { withApiKeys } from './with-api-keys';

/** Runs `quarry api-keys revoke`. */
export async function apiKeysRevoke(
  flags: z.output<typeof ApiKeysRevokeFlags>,
  context: CliContext,
): Promise<number> {
  const [id] = flags.args;
  const info = await withApiKeys(context, 'api-keys revoke', (store) => store.revoke(id));
  if (!info) {
    context.stderr(`quarry api-keys revoke: no key ${id}\n`);
    return exitCodes.failure;
  }
  context.stdout(`revoked ${info.id} at ${info.revokedAt}\n`);
  return exitCodes.ok;
}
