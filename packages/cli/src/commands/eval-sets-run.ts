import { textTable } from '@quarry/env';
import type { z } from 'zod';
import type { CliContext } from '../cli-context';
import { exitCodes } from '../exit-codes';
import type { EvalSetsFlags } from './eval-sets-command';
import { withLabelledSets } from './with-labelled-sets';

/** Runs `quarry eval sets`. */
export async function evalSets(flags: z.output<typeof EvalSetsFlags>, context: CliContext): Promise<number> {
  const { sets, total } = await withLabelledSets(context, 'eval sets', (store) => store.list());
  if (flags.json) {
    context.stdout(`${JSON.stringify({ sets })}\n`);
  } else {
    const table = textTable({
      head: ['SET', 'ITEMS', 'UPDATED', 'WORKFLOWS'],
      rows: sets.map((set) => [set.name, String(set.items), set.updatedAt, set.workflows.join(', ') || '-']),
      maxWidth: 140,
    });
    context.stdout(`${table}\n`);
  }
  context.stderr(
    `${total} set(s)${total > sets.length ? `, the ${sets.length} most recently updated shown` : ''}\n`,
  );
  return exitCodes.ok;
}
