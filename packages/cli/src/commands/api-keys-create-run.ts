import type { z } from 'zod';
import type { CliContext } from '../cli-context';
import { exitCodes } from '../exit-codes';
import type { ApiKeysCreateFlags } from './api-keys-create-command';
import { withApiKeys } from './with-api-keys';

/** Runs `quarry api-keys create`. */
export async function apiKeysCreate(
  flags: z.output<typeof ApiKeysCreateFlags>,
  context: CliContext,
): Promise<number> {
  const { key, info } = await withApiKeys(context, 'api-keys create', (store) =>
    store.create({
      name: flags.name,
      workflows: flags.workflows,
      ...(flags.tenant ? { tenant: flags.tenant } : {}),
    }),
  );
  if (flags.json) {
    context.stdout(`${JSON.stringify({ key, ...info })}\n`);
  } else {
    context.stdout(`${key}\n`);
    context.stderr(`created ${info.id}; the key above is shown only now\n`);
  }
  return exitCodes.ok;
}
