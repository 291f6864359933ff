import type { AnyWorkflow, WorkflowRegistry } from '@quarry/core';
import { modelOverrideProblem, QueueConfig } from '@quarry/queue';
import { DlqReader, type DlqSelectors, selectorsFromText, type Triage } from '@quarry/triage';
import type { z } from 'zod';
import { type CliConfig, cliConfig } from '../cli-config';
import type { CliContext } from '../cli-context';
import { cliModelsConfig } from '../cli-models-config';
import { cliWorkflowCatalog } from '../cli-workflow-catalog';
import { canaryRecordRunner } from '../eval/canary-record-runner';
import { type CanaryRecordResult, type CanaryReport, summariseCanary } from '../eval/canary-report';
import { evalJobTimeoutMs, newEvalRunId, workflowFromFlag } from '../eval/eval-workflow';
import { exitCodes } from '../exit-codes';
import { UsageError } from '../usage-error';
import { canaryReportText } from './canary-report-text';
import type { EvalCanaryFlags } from './eval-canary-command';
import { withTriage } from './with-triage';

/** Most records one canary tries: each is a job with model calls. */
const MAX_RECORDS = 1000;

type Flags = z.output<typeof EvalCanaryFlags>;

/** Runs `run` on every item, at most `concurrency` at once; the results in the items' order. */
async function runAll<T, R>(
  items: readonly T[],
  concurrency: number,
  run: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = [];
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < items.length; i = next++) results[i] = await run(items[i] as T);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return results;
}

/** Runs `quarry eval canary`. */
export async function evalCanary(flags: Flags, context: CliContext): Promise<number> {
  const config = cliConfig(context.env);
  const { registry } = await cliWorkflowCatalog(context);
  const workflow = workflowFromFlag(registry, flags.workflow);
  const selectors = selectorsFromText({ ...flags, workflow: workflow.name }, Date.now());
  const problem = modelOverrideProblem({
    registry,
    workflow: workflow.name,
    model: flags.model,
    allowedModels: QueueConfig.parse(config.queue).allowedModels,
  });
  if (problem !== null) throw new UsageError(`--model: ${problem}`);
  const report = await withTriage(context, 'eval canary', (triage) =>
    runCanary({ flags, context, config, triage, workflow, selectors, registry }),
  );
  context.stdout(flags.json ? `${JSON.stringify(report)}\n` : `${canaryReportText(report)}\n`);
  return exitCodes.ok;
}

/** Plans the selected records as a replay would, runs the planned jobs as evaluation jobs, reports. */
async function runCanary(options: {
  readonly flags: Flags;
  readonly context: CliContext;
  readonly config: CliConfig;
  readonly triage: Triage;
  readonly workflow: AnyWorkflow;
  readonly selectors: DlqSelectors;
  readonly registry: WorkflowRegistry;
}): Promise<CanaryReport> {
  const { flags, context, triage, workflow, selectors } = options;
  const count = await triage.countDlq(selectors);
  if (count > MAX_RECORDS) {
    throw new UsageError(
      `the selection matches ${count} records, more than the ${MAX_RECORDS} one canary tries; narrow it (--version, --reason, --fingerprint, --since, --ids) or pass --limit ${MAX_RECORDS} or less`,
    );
  }
  const plan = await triage.planReplayDlq({
    // Cut again: records dead-lettered since the count do not make the canary any larger.
    selectors: { ...selectors, limit: Math.min(selectors.limit ?? MAX_RECORDS, MAX_RECORDS) },
    overrides: { toVersion: workflow.version, ...(flags.model === undefined ? {} : { model: flags.model }) },
    force: flags.force,
  });
  const runId = newEvalRunId({ workflow, prefix: 'canary-' });
  context.stderr(
    `eval canary ${runId}: ${plan.steps.length} of ${plan.matched} selected record(s) on ${workflow.name}@${workflow.version}\n`,
  );
  const tried = plan.steps.length > 0 ? await runSteps({ ...options, runId, steps: plan.steps }) : [];
  const records: CanaryRecordResult[] = [
    ...tried,
    ...plan.skipped.map(({ dlqId, why }): CanaryRecordResult => ({ outcome: 'not_run', dlqId, why })),
    ...plan.failed.map(({ dlqId, error }): CanaryRecordResult => ({ outcome: 'not_run', dlqId, why: error })),
  ];
  return {
    runId,
    workflow: { name: workflow.name, version: workflow.version },
    model: flags.model ?? null,
    lane: flags.lane ?? null,
    summary: summariseCanary({ selected: plan.matched, records }),
    records,
  };
}

/** The planned steps through the queue and the workers as this canary's evaluation jobs. */
async function runSteps(options: {
  readonly flags: Flags;
  readonly context: CliContext;
  readonly config: CliConfig;
  readonly triage: Triage;
  readonly workflow: AnyWorkflow;
  readonly registry: WorkflowRegistry;
  readonly runId: string;
  readonly steps: Awaited<ReturnType<Triage['planReplayDlq']>>['steps'];
}): Promise<CanaryRecordResult[]> {
  const { flags, context, config, triage, workflow } = options;
  const models = cliModelsConfig(context);
  const { createQuarryClient } = await import('./on-demand');
  const client = createQuarryClient({
    redisUrl: config.redisUrl,
    registry: options.registry,
    config: config.queue,
    modelTable: models.modelTable,
    ...(models.defaultModel ? { defaultModel: models.defaultModel } : {}),
  });
  const reader = new DlqReader({ dlq: triage.queues.dlq });
  try {
    const run = canaryRecordRunner({
      client,
      triage,
      readRecord: (dlqId) => reader.get(dlqId),
      runId: options.runId,
      ...(flags.lane ? { lane: flags.lane } : {}),
      timeoutMs: flags.timeout ?? evalJobTimeoutMs[flags.lane ?? workflow.lane ?? 'realtime'],
    });
    return await runAll(options.steps, flags.concurrency, run);
  } finally {
    await client.close();
  }
}
