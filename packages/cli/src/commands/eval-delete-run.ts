import type { z } from 'zod';
import type { CliContext } from '../cli-context';
import { exitCodes } from '../exit-codes';
import type { EvalDeleteFlags } from './eval-delete-command';
import { withLabelledSets } from './with-labelled-sets';

/** Runs `quarry eval delete`: asks first unless `--yes`, and never without a terminal to ask on. */
export async function evalDelete(
  flags: z.output<typeof EvalDeleteFlags>,
  context: CliContext,
): Promise<number> {
  const [set] = flags.args;
  return withLabelledSets(context, 'eval delete', async (store) => {
    const summary = await store.summary(set);
    if (!summary) {
      context.stderr(`quarry eval delete: no set ${set} is stored; nothing was deleted\n`);
      return exitCodes.failure;
    }
    if (!flags.yes) {
      const what = `set ${set} with its ${summary.items} item(s)`;
      if (!context.terminal) {
        context.stderr(
          `quarry eval delete: refusing to delete ${what} without confirmation; no terminal to ask on, pass --yes\n`,
        );
        return exitCodes.failure;
      }
      const answer = await context.terminal.ask(`Delete ${what}? [y/N] `);
      if (!/^y(es)?$/i.test(answer.trim())) {
        context.stderr('quarry eval delete: nothing was deleted\n');
        return exitCodes.failure;
      }
    }
    const deleted = await store.delete(set);
    if (!deleted) {
      context.stderr(`quarry eval delete: set ${set} was deleted meanwhile\n`);
      return exitCodes.failure;
    }
    context.stdout(`deleted set ${set} (${summary.items} item(s))\n`);
    return exitCodes.ok;
  });
}
