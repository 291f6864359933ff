import { textTable } from '@quarry/env';
import { dlqReasonLabel } from '@quarry/queue';
import { ageLabel, costLabel, selectorsFromText, workflowLabel } from '@quarry/triage';
import { Option } from 'commander';
import { defineCommand } from '../define-command';
import { cliEnvironmentHelp, triageEnvironmentHelp } from '../environment-help';
import { exitCodes } from '../exit-codes';
import { switchFlag } from '../flag-schemas';
import { SelectorFlags, selectorOptions } from './selector-flags';
import { withTriage } from './with-triage';

/** `quarry dlq list`: the DLQ records matching the selectors. */
export const dlqListCommand = defineCommand({
  name: 'dlq list',
  summary: 'list dead-letter records (filter with selectors)',
  description: `Lists dead-letter records, newest first: DLQ id, the top issue (path: message; the reason's
message when no attempt had an issue), reason, workflow@version, fingerprint, model calls, cost, age and
state (dead, replayed, quarantined). Without selectors, every record.`,
  usage: '[selectors] [--json]',
  options: () => [...selectorOptions(), new Option('--json', 'print a JSON array of record summaries')],
  flags: SelectorFlags.extend({ json: switchFlag }),
  examples: [
    'quarry dlq list --since 2h',
    'quarry dlq list --workflow invoice --reason validation_exhausted --limit 20 --json',
  ],
  helpAfter: `${cliEnvironmentHelp}\n${triageEnvironmentHelp}`,
  async run(flags, context) {
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
  },
});
