import { workflowStatsDefaults } from '@quarry/queue';
import { parseDuration } from '@quarry/triage';
import { Option } from 'commander';
import { z } from 'zod';
import { defineCommand } from '../define-command';
import { cliEnvironmentHelp } from '../environment-help';
import { switchFlag, textFlag } from '../flag-schemas';

const WINDOW_FORM = 'a duration from 5m to 24h, such as 30m, 1h or 1d';

/** A window from one bucket (5 minutes) to the longest kept (24 hours), in milliseconds. */
const windowFlag = z
  .string()
  .transform((text) => parseDuration(text) ?? 0)
  .refine((ms) => ms >= workflowStatsDefaults.bucketMs && ms <= workflowStatsDefaults.maxWindowMs, {
    error: `must be ${WINDOW_FORM}`,
  });

export const WorkflowsStatsFlags = z.object({
  window: windowFlag.optional(),
  workflow: textFlag.optional(),
  json: switchFlag,
});

/** `quarry workflows stats`: how each workflow version's jobs went over a recent window. */
export const workflowsStatsCommand = defineCommand({
  name: 'workflows stats',
  summary: 'first-attempt validity, model calls, cost, cache use and lessons per workflow version',
  description: `Shows, per workflow version that ran in the window (every worker together): first-attempt
validity (the share of jobs whose first reply was valid, which decides whether the document is written
to the prompt cache), mean model calls per job, cost per valid extraction, the share of prompt tokens
read from the cache, and the share of calls answered by each model. Counted in 5-minute buckets kept
for 24 hours, so the window is rounded to whole buckets. Then, per version, its lessons: how often jobs
shown each lesson still made its error on their first attempt, against jobs not shown it (counts
decayed like the history, whatever the window), and whether it is active or retired (shown to no job
since it did not lower that rate; it comes back if the rate rises again).`,
  usage: '[--window <duration>] [--workflow <name>] [--json]',
  options: () => [
    new Option('--window <d>', `how far back to look, ${WINDOW_FORM} (default 1h)`),
    new Option('-w, --workflow <name>', 'only this workflow'),
    new Option('--json', 'print a JSON object with every workflow version'),
  ],
  flags: WorkflowsStatsFlags,
  examples: ['quarry workflows stats --window 24h --workflow invoice'],
  helpAfter: cliEnvironmentHelp,
  run: async (flags, context) => (await import('./workflows-stats-run')).workflowsStats(flags, context),
});
