import { textTable } from '@quarry/env';
import { dlqReasonLabel } from '@quarry/queue';
import { ageLabel, costLabel, selectorsFromText, workflowLabel } from '@quarry/triage';
import type { z } from 'zod';
import type { CliContext } from '../cli-context';
import { exitCodes } from '../exit-codes';
import type { DlqListFlags } from './dlq-list-command';
import { withTriage } from './with-triage';

/** Runs `quarry dlq list`. */
export async function dlqList(flags: z.output<typeof DlqListFlags>, context: CliContext): Promise<number> {
  const now = Date.now();
  const selectors = selectorsFromText(flags, now);
  const entries = await withTriage(context, 'dlq list', (triage) => triage.listDlq(selectors));
  if (flags.json) {
    context.stdout(`${JSON.stringify(entries)}\n`);
    return exitCodes.ok;
  }
  context.stdout(
    `${textTable({
      head: [
        'DLQ ID',
        'TOP ISSUE / REASON',
        'REASON',
        'WORKFLOW',
        'FINGERPRINT',
        'MODEL CALLS',
        'COST',
        'AGE',
        'STATE',
      ],
      rows: entries.map((entry) => [
        entry.dlqId,
        entry.headline,
        dlqReasonLabel(entry.reason),
        workflowLabel(entry.workflow, entry.version),
        entry.fingerprint,
        String(entry.attempts),
        costLabel(entry.totals.costUsd),
        ageLabel(entry.deadLetteredAt, now),
        entry.state,
      ]),
    })}\n`,
  );
  context.stderr(`${entries.length} record(s)\n`);
  return exitCodes.ok;
}
