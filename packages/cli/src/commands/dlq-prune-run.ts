import type { z } from 'zod';
import type { CliContext } from '../cli-context';
import { exitCodes } from '../exit-codes';
import type { DlqPruneFlags } from './dlq-prune-command';
import { withTriage } from './with-triage';

/** Runs `quarry dlq prune`. */
export async function dlqPrune(flags: z.output<typeof DlqPruneFlags>, context: CliContext): Promise<number> {
  const { olderThan } = flags;
  const { removed } = await withTriage(context, 'dlq prune', (triage) =>
    triage.pruneReplayed(olderThan === undefined ? {} : { olderThanMs: olderThan }),
  );
  if (flags.json) context.stdout(`${JSON.stringify({ removed })}\n`);
  else context.stderr(`removed ${removed.length} replayed record(s)\n`);
  return exitCodes.ok;
}
