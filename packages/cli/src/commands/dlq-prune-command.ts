import { parseDuration, triageDefaults } from '@quarry/triage';
import type { CliCommand } from '../cli-command';
import { cliEnvironmentHelp, triageEnvironmentHelp } from '../environment-help';
import { exitCodes } from '../exit-codes';
import { parseCommandArgs } from '../parse-command-args';
import { UsageError } from '../usage-error';
import { reportTriageError, withTriage } from './triage-support';

const help = `Usage: quarry dlq prune [--older-than <duration>] [--json]

Removes replayed dead-letter records kept for audit once they are older than the retention
(QUARRY_DLQ_REPLAYED_RETENTION_DAYS, default ${triageDefaults.replayedRetentionMs / 86_400_000} days). Records that were not replayed are never removed.

Options:
      --older-than <d>     replayed longer ago than this, e.g. 7d or 12h (default: the retention)
      --json               print { removed: [dlqId, …] }
  -h, --help               show this help

${cliEnvironmentHelp}
${triageEnvironmentHelp}`;

/** `quarry dlq prune`: applies the audit retention of replayed records. */
export const dlqPruneCommand: CliCommand = {
  name: 'dlq prune',
  summary: 'remove replayed dead-letter records past their retention',
  help,
  async run(args, context) {
    const { values } = parseCommandArgs(args, {
      'older-than': { type: 'string' },
      json: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    });
    if (values.help) {
      context.stdout(`${help}\n`);
      return exitCodes.ok;
    }
    const text = values['older-than'];
    const olderThanMs = text === undefined ? undefined : parseDuration(text);
    if (olderThanMs === null || olderThanMs === 0) {
      throw new UsageError(`--older-than must be a duration such as 7d or 12h, got "${text}"`);
    }
    try {
      const { removed } = await withTriage(context, 'dlq prune', (triage) =>
        triage.pruneReplayed(olderThanMs === undefined ? {} : { olderThanMs }),
      );
      if (values.json) context.stdout(`${JSON.stringify({ removed })}\n`);
      else context.stderr(`removed ${removed.length} replayed record(s)\n`);
      return exitCodes.ok;
    } catch (error) {
      return reportTriageError('dlq prune', error, context);
    }
  },
};
