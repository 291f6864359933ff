import { Option } from 'commander';
import { z } from 'zod';
import { defineCommand } from '../define-command';
import { cliEnvironmentHelp } from '../environment-help';
import { positiveIntegerFlag, switchFlag, textFlag } from '../flag-schemas';

export const ReviewListFlags = z.object({
  workflow: textFlag.optional(),
  limit: positiveIntegerFlag.optional(),
  json: switchFlag,
});

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
  flags: ReviewListFlags,
  examples: ['quarry review list --workflow invoice --limit 20'],
  helpAfter: cliEnvironmentHelp,
  run: async (flags, context) => (await import('./review-list-run')).reviewList(flags, context),
});
