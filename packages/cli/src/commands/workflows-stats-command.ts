import { terminalText, textTable } from '@quarry/env';
import {
  summarizeWorkflowStats,
  WorkflowStatsStore,
  type WorkflowStatsSummary,
  workflowStatsDefaults,
} from '@quarry/queue';
import { costLabel, parseDuration, workflowLabel } from '@quarry/triage';
import { Option } from 'commander';
import { z } from 'zod';
import { defineCommand } from '../define-command';
import { cliEnvironmentHelp } from '../environment-help';
import { exitCodes } from '../exit-codes';
import { switchFlag, textFlag } from '../flag-schemas';
import { withQueueService } from './with-queue-service';

const WINDOW_FORM = 'a duration from 5m to 24h, such as 30m, 1h or 1d';

/** A window from one bucket (5 minutes) to the longest kept (24 hours), in milliseconds. */
const windowFlag = z
  .string()
  .transform((text) => parseDuration(text) ?? 0)
  .refine((ms) => ms >= workflowStatsDefaults.bucketMs && ms <= workflowStatsDefaults.maxWindowMs, {
    error: `must be ${WINDOW_FORM}`,
  });

const share = (value: number | null): string => (value === null ? '-' : `${(value * 100).toFixed(1)} %`);

/** `quarry workflows stats`: how each workflow version's jobs went over a recent window. */
export const workflowsStatsCommand = defineCommand({
  name: 'workflows stats',
  summary: 'first-attempt validity, attempts, cost and cache use per workflow version',
  description: `Shows, per workflow version that ran in the window (every worker together): first-attempt
validity (the share of jobs whose first reply was valid, which decides whether the document is written
to the prompt cache), mean model calls per job, cost per valid extraction, the share of prompt tokens
read from the cache, and the share of calls answered by each model. Counted in 5-minute buckets kept
for 24 hours, so the window is rounded to whole buckets.`,
  usage: '[--window <duration>] [--workflow <name>] [--json]',
  options: () => [
    new Option('--window <d>', `how far back to look, ${WINDOW_FORM} (default 1h)`),
    new Option('-w, --workflow <name>', 'only this workflow'),
    new Option('--json', 'print a JSON object with every workflow version'),
  ],
  flags: z.object({ window: windowFlag.optional(), workflow: textFlag.optional(), json: switchFlag }),
  examples: ['quarry workflows stats --window 24h --workflow invoice'],
  helpAfter: cliEnvironmentHelp,
  async run(flags, context) {
    const windowMs = flags.window ?? 3_600_000;
    const summaries = await withQueueService(
      context,
      'workflows stats',
      (redis, keys) => new WorkflowStatsStore({ redis, keys }),
      async (store) => {
        const versions = (await store.list(windowMs)).filter(
          (version) => flags.workflow === undefined || version.workflow === flags.workflow,
        );
        const out: WorkflowStatsSummary[] = [];
        for (const version of versions)
          out.push(summarizeWorkflowStats(version, await store.read(version, windowMs)));
        return out;
      },
    );
    if (flags.json) {
      context.stdout(`${JSON.stringify({ windowMs, workflows: summaries })}\n`);
      return exitCodes.ok;
    }
    context.stdout(
      `${textTable({
        head: [
          'WORKFLOW',
          'FIRST TRIES',
          'FIRST VALID',
          'MEAN CALLS',
          'VALID JOBS',
          'COST/VALID',
          'CACHE READ',
          'MODELS',
        ],
        rows: summaries.map((summary) => [
          workflowLabel(summary.workflow, summary.version),
          String(summary.firstAttempts),
          share(summary.firstAttemptValidity),
          summary.meanAttempts === null ? '-' : summary.meanAttempts.toFixed(2),
          String(summary.validJobs),
          summary.costPerValidUsd === null ? '-' : costLabel(summary.costPerValidUsd),
          share(summary.cacheReadShare),
          summary.modelShares.map((entry) => `${entry.model} ${share(entry.share)}`).join(', '),
        ]),
        maxWidth: 140,
      })}\n`,
    );
    const unpriced = summaries.filter((summary) => summary.unpricedCalls > 0);
    for (const summary of unpriced) {
      context.stderr(
        `warning: ${terminalText(workflowLabel(summary.workflow, summary.version))}: ${summary.unpricedCalls} call(s) of models without a known price are not in its cost\n`,
      );
    }
    context.stderr(
      `${summaries.length} workflow version(s) in the last ${Math.round(windowMs / 60_000)} minutes\n`,
    );
    return exitCodes.ok;
  },
});
