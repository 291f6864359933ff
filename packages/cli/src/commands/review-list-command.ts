import { terminalText, textTable } from '@quarry/env';
import { ageLabel, costLabel, workflowLabel } from '@quarry/triage';
import { Option } from 'commander';
import { z } from 'zod';
import { defineCommand } from '../define-command';
import { cliEnvironmentHelp } from '../environment-help';
import { exitCodes } from '../exit-codes';
import { positiveIntegerFlag, switchFlag, textFlag } from '../flag-schemas';
import { withReviewIndex } from './with-review-index';

/** `quarry review list`: flagged jobs waiting for a person. */
export const reviewListCommand = defineCommand({
  name: 'review list',
  summary: 'list completed jobs flagged for review',
  description: `Lists completed jobs flagged "needs review" (a review rule failed, or the confidence was below the
workflow's threshold) that nobody has acknowledged yet, oldest first: job id, workflow@version, age,
model calls, cost and the reasons; then, for grounded workflows, the weak fields to look at first:
field path, confidence, the field's threshold and what lowered it. Acknowledge one with
"quarry review ack <jobId>".`,
  usage: '[--workflow <name>] [--limit <N>] [--json]',
  options: () => [
    new Option('-w, --workflow <name>', 'only this workflow'),
    new Option('--limit <N>', 'at most N entries'),
    new Option('--json', 'print a JSON array of entries (with the extracted data)'),
  ],
  flags: z.object({ workflow: textFlag.optional(), limit: positiveIntegerFlag.optional(), json: switchFlag }),
  examples: ['quarry review list --workflow invoice --limit 20'],
  helpAfter: cliEnvironmentHelp,
  async run(flags, context) {
    const { entries, unreadable } = await withReviewIndex(context, 'review list', (index) =>
      index.list({
        ...(flags.workflow !== undefined ? { workflow: flags.workflow } : {}),
        ...(flags.limit !== undefined ? { limit: flags.limit } : {}),
      }),
    );
    for (const entry of unreadable) {
      context.stderr(
        `warning: review entry of job ${terminalText(entry.jobId)} is unreadable (${terminalText(entry.problem)})\n`,
      );
    }
    if (flags.json) {
      context.stdout(`${JSON.stringify(entries)}\n`);
      return exitCodes.ok;
    }
    const now = Date.now();
    context.stdout(
      `${textTable({
        head: ['JOB ID', 'WORKFLOW', 'AGE', 'MODEL CALLS', 'COST', 'REASONS'],
        rows: entries.map((entry) => [
          entry.jobId,
          workflowLabel(entry.workflow, entry.version),
          ageLabel(entry.flaggedAt, now),
          // The entry's `attempts` counts model calls (replies), not BullMQ job attempts.
          String(entry.attempts),
          costLabel(entry.costUsd),
          entry.reasons.join('; '),
        ]),
        maxWidth: 100,
      })}\n`,
    );
    const weak = entries.flatMap((entry) =>
      (entry.weakFields ?? []).map((field) => [
        entry.jobId,
        field.path,
        field.confidence.toFixed(2),
        field.reviewBelow === null ? '-' : field.reviewBelow.toFixed(2),
        field.reason,
      ]),
    );
    if (weak.length > 0) {
      context.stdout(
        `\nWeak fields:\n${textTable({
          head: ['JOB ID', 'FIELD', 'CONFIDENCE', 'BELOW', 'WHY'],
          rows: weak,
          maxWidth: 100,
        })}\n`,
      );
    }
    context.stderr(`${entries.length} job(s) waiting for review\n`);
    return exitCodes.ok;
  },
});
