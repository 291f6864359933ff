import { textTable } from '@quarry/env';
import { dlqReasonLabel } from '@quarry/queue';
import { ageLabel, costLabel, selectorsFromText, workflowLabel } from '@quarry/triage';
import type { CliCommand } from '../cli-command';
import { cliEnvironmentHelp, triageEnvironmentHelp } from '../environment-help';
import { exitCodes } from '../exit-codes';
import { parseCommandArgs } from '../parse-command-args';
import { reportTriageError, selectorHelp, selectorOptions, selectorText, withTriage } from './triage-support';

const help = `Usage: quarry dlq list [selectors] [--json]

Lists dead-letter records, newest first: DLQ id, workflow@version, reason, fingerprint, model
attempts, cost, age and state (dead, replayed, quarantined). Without selectors, every record.

${selectorHelp}

Options:
      --json               print a JSON array of record summaries
  -h, --help               show this help

${cliEnvironmentHelp}
${triageEnvironmentHelp}`;

/** `quarry dlq list`: the DLQ records matching the selectors. */
export const dlqListCommand: CliCommand = {
  name: 'dlq list',
  summary: 'list dead-letter records (filter with selectors)',
  help,
  async run(args, context) {
    const { values } = parseCommandArgs(args, {
      ...selectorOptions,
      json: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    });
    if (values.help) {
      context.stdout(`${help}\n`);
      return exitCodes.ok;
    }
    try {
      const now = Date.now();
      const selectors = selectorsFromText(selectorText(values), now);
      const entries = await withTriage(context, 'dlq list', (triage) => triage.listDlq(selectors));
      if (values.json) {
        context.stdout(`${JSON.stringify(entries)}\n`);
        return exitCodes.ok;
      }
      context.stdout(
        `${textTable({
          head: ['DLQ ID', 'WORKFLOW', 'REASON', 'FINGERPRINT', 'ATTEMPTS', 'COST', 'AGE', 'STATE'],
          rows: entries.map((entry) => [
            entry.dlqId,
            workflowLabel(entry.workflow, entry.version),
            dlqReasonLabel(entry.reason),
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
    } catch (error) {
      return reportTriageError('dlq list', error, context);
    }
  },
};
