import type { z } from 'zod';
import type { CliContext } from '../cli-context';
import { exitCodes } from '../exit-codes';
import type { DlqShowFlags } from './dlq-show-command';
import { renderDlqDetail } from './render-dlq-detail';
import { withTriage } from './with-triage';

/** Runs `quarry dlq show`. */
export async function dlqShow(flags: z.output<typeof DlqShowFlags>, context: CliContext): Promise<number> {
  const [dlqId] = flags.args;
  const detail = await withTriage(context, 'dlq show', (triage) => triage.showDlq(dlqId));
  context.stdout(flags.json ? `${JSON.stringify(detail)}\n` : renderDlqDetail(detail));
  return exitCodes.ok;
}
