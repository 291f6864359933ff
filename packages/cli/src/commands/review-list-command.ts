import { terminalText, textTable } from '@quarry/env';
import { ageLabel, costLabel, workflowLabel } from '@quarry/triage';
import type { CliCommand } from '../cli-command';
import { cliEnvironmentHelp } from '../environment-help';
import { exitCodes } from '../exit-codes';
import { parseCommandArgs } from '../parse-command-args';
import { UsageError } from '../usage-error';
import { reportReviewError, withReviewIndex } from './review-support';

const help = `Usage: quarry review list [--workflow <name>] [--limit <N>] [--json]

Lists completed jobs flagged "needs review" (a review rule failed, or the confidence was below the
workflow's threshold) that nobody has acknowledged yet, oldest first: job id, workflow@version, age,
model attempts, cost and the reasons. Acknowledge one with "quarry review ack <jobId>".

Options:
  -w, --workflow <name>   only this workflow
      --limit <N>         at most N entries
      --json              print a JSON array of entries (with the extracted data)
  -h, --help              show this help

${cliEnvironmentHelp}`;

/** `quarry review list`: flagged jobs waiting for a person. */
export const reviewListCommand: CliCommand = {
  name: 'review list',
  summary: 'list completed jobs flagged for review',
  help,
  async run(args, context) {
    const { values } = parseCommandArgs(args, {
      workflow: { type: 'string', short: 'w' },
      limit: { type: 'string' },
      json: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    });
    if (values.help) {
      context.stdout(`${help}\n`);
      return exitCodes.ok;
    }
    let limit: number | undefined;
    if (values.limit !== undefined) {
      limit = Number(values.limit);
      if (!/^\d+$/.test(values.limit) || limit < 1) {
        throw new UsageError(`--limit must be a positive integer, got "${values.limit}"`);
      }
    }
    try {
      const { entries, unreadable } = await withReviewIndex(context, 'review list', (index) =>
        index.list({
          ...(values.workflow !== undefined ? { workflow: values.workflow } : {}),
          ...(limit !== undefined ? { limit } : {}),
        }),
      );
      for (const entry of unreadable) {
        context.stderr(
          `warning: review entry of job ${terminalText(entry.jobId)} is unreadable (${terminalText(entry.problem)})\n`,
        );
      }
      if (values.json) {
        context.stdout(`${JSON.stringify(entries)}\n`);
        return exitCodes.ok;
      }
      const now = Date.now();
      context.stdout(
        `${textTable({
          head: ['JOB ID', 'WORKFLOW', 'AGE', 'ATTEMPTS', 'COST', 'REASONS'],
          rows: entries.map((entry) => [
            entry.jobId,
            workflowLabel(entry.workflow, entry.version),
            ageLabel(entry.flaggedAt, now),
            String(entry.attempts),
            costLabel(entry.costUsd),
            entry.reasons.join('; '),
          ]),
          maxWidth: 100,
        })}\n`,
      );
      context.stderr(`${entries.length} job(s) waiting for review\n`);
      return exitCodes.ok;
    } catch (error) {
      return reportReviewError('review list', error, context);
    }
  },
};
