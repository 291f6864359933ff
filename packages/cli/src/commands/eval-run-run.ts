import { setMaxListeners } from 'node:events';
import { resolve } from 'node:path';
import type { AnyWorkflow } from '@quarry/core';
import {
  compareEvalReports,
  type EvalComparison,
  type EvalReport,
  type EvalScoring,
  renderEvalComparison,
  renderEvalReport,
  runEvaluation,
} from '@quarry/eval';
import { EvalRunStore, LabelledSetStore } from '@quarry/queue';
import { z } from 'zod';
import { cliConfig } from '../cli-config';
import type { CliContext } from '../cli-context';
import { cliModelsConfig } from '../cli-models-config';
import { cliWorkflowCatalog } from '../cli-workflow-catalog';
import { evalItemRunner } from '../eval/eval-item-runner';
import { evalJobTimeoutMs, newEvalRunId, workflowFromFlag } from '../eval/eval-workflow';
import { keepEvalReport } from '../eval/keep-eval-report';
import { exitCodes } from '../exit-codes';
import { UsageError } from '../usage-error';
import { evalProgressLine } from './eval-progress-line';
import type { EvalRunFlags } from './eval-run-command';
import { readBaseline } from './read-baseline';
import { readSetItems } from './read-set-items';
import { withQueueService } from './with-queue-service';
import { withTriage } from './with-triage';

/** Most items one run takes from a set. */
const MAX_ITEMS = 10_000;

type Flags = z.output<typeof EvalRunFlags>;

/** How `--scoring` scores: Quarry's rules, and DocuBench's on the workflow's output JSON Schema. */
function scoringOf(flags: Flags, workflow: AnyWorkflow): EvalScoring {
  if (flags.scoring === 'quarry') return { kind: 'quarry' };
  try {
    return { kind: 'docubench', schema: z.toJSONSchema(workflow.output, { io: 'output' }) };
  } catch (error) {
    throw new UsageError(`--scoring docubench: the workflow's output schema has no JSON Schema form`, {
      cause: error,
    });
  }
}

/** Runs `quarry eval run`. */
export async function evalRun(flags: Flags, context: CliContext): Promise<number> {
  const config = cliConfig(context.env);
  const { registry } = await cliWorkflowCatalog(context);
  const workflow = workflowFromFlag(registry, flags.workflow);
  const scoring = scoringOf(flags, workflow);
  const models = cliModelsConfig(context);
  const { createQuarryClient } = await import('./on-demand');
  const outcome = await withQueueService(
    context,
    'eval run',
    (redis, keys) => ({
      sets: new LabelledSetStore({ redis, keys }),
      runs: new EvalRunStore({ redis, keys }),
    }),
    async ({ sets, runs }) => {
      const baseline = flags.baseline
        ? await readBaseline({ baseline: flags.baseline, cwd: context.cwd, runs })
        : null;
      if (!(await sets.summary(flags.set)))
        throw new UsageError(`--set: no stored set ${flags.set} (see "quarry eval sets")`);
      const items = await readSetItems({
        sets,
        set: flags.set,
        workflow,
        limit: Math.min(flags.limit ?? MAX_ITEMS, MAX_ITEMS),
        stderr: context.stderr,
      });
      if (items.length === 0) throw new UsageError(`--set: ${flags.set} has no item for ${workflow.name}`);
      const runId = newEvalRunId({ workflow });
      const deadLetters: { dlqId: string; jobId: string }[] = [];
      const client = createQuarryClient({
        redisUrl: config.redisUrl,
        registry,
        config: config.queue,
        modelTable: models.modelTable,
        ...(models.defaultModel ? { defaultModel: models.defaultModel } : {}),
      });
      const progress = flags.json ? null : evalProgressLine(context);
      // Ctrl-C stops launching items; those in flight stop waiting, and the partial report is stored.
      const controller = new AbortController();
      setMaxListeners(flags.concurrency + 16, controller.signal);
      const onInterrupt = () => controller.abort();
      process.once('SIGINT', onInterrupt);
      context.stderr(
        `eval run ${runId}: ${items.length} item(s) of ${flags.set} on ${workflow.name}@${workflow.version}\n`,
      );
      try {
        const report = await runEvaluation({
          run: {
            runId,
            set: flags.set,
            workflow: { name: workflow.name, version: workflow.version },
            model: flags.model ?? null,
            lane: flags.lane ?? null,
            lessons: flags.lessons === 'on',
          },
          items,
          runItem: evalItemRunner({
            client,
            workflow,
            runId,
            lessons: flags.lessons === 'on',
            ...(flags.model ? { model: flags.model } : {}),
            ...(flags.lane ? { lane: flags.lane } : {}),
            timeoutMs: flags.timeout ?? evalJobTimeoutMs[flags.lane ?? workflow.lane ?? 'realtime'],
            onDeadLettered: (record) => deadLetters.push(record),
          }),
          concurrency: flags.concurrency,
          scoring,
          signal: controller.signal,
          ...(progress ? { onProgress: progress.update } : {}),
        });
        progress?.stop();
        const kept = await keepEvalReport({
          report,
          outPath: flags.out ? resolve(context.cwd, flags.out) : null,
          save: () =>
            runs.save({
              listing: {
                runId,
                storedAt: new Date().toISOString(),
                set: flags.set,
                workflow: workflow.name,
                version: workflow.version,
                items: items.length,
                f1: report.summary.overall.f1,
                costUsd: report.summary.costUsd,
              },
              report,
            }),
        });
        const comparison = baseline
          ? compareEvalReports({ baseline, current: report, maxDrop: flags.maxDrop })
          : null;
        return { report, comparison, deadLetters, problems: kept.problems };
      } finally {
        process.off('SIGINT', onInterrupt);
        progress?.stop();
        await client.close();
      }
    },
  );
  const pruned = await pruneDeadLetters(context, outcome.report.run.runId, outcome.deadLetters).then(
    () => [],
    (error: unknown) => [
      `the run's dead letters could not be removed (${(error as Error).name}); they stay in the DLQ`,
    ],
  );
  return finish(flags, context, { ...outcome, problems: [...outcome.problems, ...pruned] });
}

/**
 * Removes the dead letters this run's own jobs left (read afresh and checked to be this run's, see
 * `pruneEvaluationRecords`), so they never show in the production DLQ or a replay's selection; their
 * reasons are in the report. A record that cannot be removed is said, not fatal.
 */
async function pruneDeadLetters(
  context: CliContext,
  runId: string,
  records: readonly { dlqId: string; jobId: string }[],
): Promise<void> {
  if (records.length === 0) return;
  const { kept } = await withTriage(context, 'eval run', (triage) =>
    triage.pruneEvaluationRecords({ runId, records }),
  );
  for (const { dlqId, why } of kept) context.stderr(`warning: kept dead letter ${dlqId}: ${why}\n`);
}

/** Prints the report (and comparison) and what could not be kept; exits 1 then, 3 when the gate failed. */
async function finish(
  flags: Flags,
  context: CliContext,
  outcome: {
    readonly report: EvalReport;
    readonly comparison: EvalComparison | null;
    readonly problems: readonly string[];
  },
): Promise<number> {
  const { report, comparison, problems } = outcome;
  if (flags.json) context.stdout(`${JSON.stringify({ report, comparison })}\n`);
  else {
    context.stdout(`${renderEvalReport(report)}\n`);
    if (comparison) context.stdout(`\n${renderEvalComparison(comparison)}\n`);
  }
  if (problems.length > 0) {
    for (const problem of problems) context.stderr(`eval run ${report.run.runId}: ${problem}\n`);
    return exitCodes.failure;
  }
  context.stderr(`stored as ${report.run.runId}${flags.out ? `; report written to ${flags.out}` : ''}\n`);
  if (report.run.aborted) {
    context.stderr(`interrupted: ${report.summary.notRun} item(s) not run; the report is partial\n`);
    return exitCodes.failure;
  }
  return comparison?.verdict.type === 'fail' ? exitCodes.evalGateFailed : exitCodes.ok;
}
