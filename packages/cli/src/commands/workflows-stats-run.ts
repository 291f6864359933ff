import { terminalText, textTable } from '@quarry/env';
import {
  queueDefaults,
  RedisHistoryStore,
  summarizeWorkflowStats,
  WorkflowStatsStore,
  type WorkflowStatsSummary,
} from '@quarry/queue';
import { costLabel, workflowLabel } from '@quarry/triage';
import type { z } from 'zod';
import type { CliContext } from '../cli-context';
import { exitCodes } from '../exit-codes';
import { type LessonEffectView, lessonEffectView, renderLessonEffects } from './render-lesson-effects';
import { withQueueService } from './with-queue-service';
import type { WorkflowsStatsFlags } from './workflows-stats-command';

const share = (value: number | null): string => (value === null ? '-' : `${(value * 100).toFixed(1)} %`);

/** Runs `quarry workflows stats`. */
export async function workflowsStats(
  flags: z.output<typeof WorkflowsStatsFlags>,
  context: CliContext,
): Promise<number> {
  const windowMs = flags.window ?? 3_600_000;
  const summaries = await withQueueService(
    context,
    'workflows stats',
    (redis, keys) => ({
      stats: new WorkflowStatsStore({ redis, keys }),
      history: new RedisHistoryStore({ redis, keys, ...queueDefaults.history }),
    }),
    async ({ stats, history }) => {
      const versions = (await stats.list(windowMs)).filter(
        (version) => flags.workflow === undefined || version.workflow === flags.workflow,
      );
      const out: (WorkflowStatsSummary & { lessons: LessonEffectView[] })[] = [];
      for (const version of versions) {
        const summary = summarizeWorkflowStats(version, await stats.read(version, windowMs));
        const lessons = (await history.lessonEffects(version)).map(lessonEffectView);
        out.push({ ...summary, lessons });
      }
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
  const lessons = renderLessonEffects(summaries);
  if (lessons !== '') context.stdout(`\n${lessons}`);
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
}
