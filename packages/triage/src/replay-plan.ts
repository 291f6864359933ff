import { type AnyWorkflow, formatPath, WorkflowNotFoundError, type WorkflowRegistry } from '@quarry/core';
import type { DlqRecord } from '@quarry/queue';
import { JobData, modelOverridesProblems } from '@quarry/queue';
import { entryState } from './dlq-summary';
import { replayJobId } from './replay-job-id';
import type { ReplayOverrides } from './replay-overrides';

/**
 * Why a matched record is rightly left alone: replayed already, quarantined, or the record of a split
 * job's child whose parent is replayed in the same replay (the parent runs its children again).
 */
export type SkipReason = 'replayed' | 'quarantined' | 'through_parent';

/** What a replay does with one matched record. */
export type ReplayStep =
  | {
      readonly action: 'replay';
      readonly dlqId: string;
      readonly newJobId: string;
      /** The job data of the new job (contract-checked, input checked against the target version). */
      readonly data: JobData;
      readonly record: DlqRecord;
    }
  | { readonly action: 'skip'; readonly dlqId: string; readonly reason: SkipReason; readonly why: string }
  | { readonly action: 'invalid'; readonly dlqId: string; readonly error: string };

/** Options of {@link planReplayStep}. */
export interface PlanReplayStepOptions {
  readonly registry: WorkflowRegistry;
  readonly overrides: ReplayOverrides;
  /** Replay quarantined records too. */
  readonly force: boolean;
  readonly maxRedrives: number;
  /** Models an override may name besides the workflow's own (`QUARRY_ALLOWED_MODELS`). */
  readonly allowedModels: readonly string[];
}

/**
 * Decides what replaying `record` means, without I/O: skip it (already replayed; quarantined at
 * `maxRedrives` unless forced), refuse it with a message naming the problem (target version
 * missing, input invalid for it, a model the workers would refuse, job data unusable), or the new job: the original job data with the
 * overrides applied and `lineage: { rootJobId, replayOf: dlqId, redriveCount: previous + 1 }`. A
 * split job's child keeps its `part`, so replayed alone it runs its own pages and field group again.
 */
export function planReplayStep(record: DlqRecord, options: PlanReplayStepOptions): ReplayStep {
  const { dlqId } = record;
  const state = entryState(record, options.maxRedrives);
  if (state === 'replayed') {
    const mark = record.replay;
    const why = mark ? `already replayed as job ${mark.jobId} at ${mark.replayedAt}` : 'already replayed';
    return { action: 'skip', dlqId, reason: 'replayed', why };
  }
  if (state === 'quarantined' && !options.force) {
    return {
      action: 'skip',
      dlqId,
      reason: 'quarantined',
      why: `quarantined: its chain was redriven ${record.lineage.redriveCount} times (maxRedrives ${options.maxRedrives}); force to replay anyway`,
    };
  }
  const original: Record<string, unknown> =
    typeof record.input === 'object' && record.input !== null && !Array.isArray(record.input)
      ? (record.input as Record<string, unknown>)
      : {};
  const workflowName = record.workflow || (typeof original.workflow === 'string' ? original.workflow : '');
  if (!workflowName) return { action: 'invalid', dlqId, error: 'the dead-lettered job names no workflow' };

  const { overrides } = options;
  let version: number | undefined;
  if (overrides.toVersion === 'latest') {
    const latest = options.registry.latestVersion(workflowName);
    if (latest === null)
      return { action: 'invalid', dlqId, error: `workflow "${workflowName}" is not registered` };
    version = latest;
  } else {
    version = overrides.toVersion ?? record.version ?? undefined;
  }

  let workflow: AnyWorkflow;
  try {
    workflow = options.registry.get(workflowName, version);
  } catch (error) {
    if (!(error instanceof WorkflowNotFoundError)) throw error;
    const error_ =
      error.knownVersions.length === 0
        ? `workflow "${workflowName}" is not registered`
        : `workflow "${workflowName}" has no version ${version} (known versions: ${error.knownVersions.join(', ')})`;
    return { action: 'invalid', dlqId, error: error_ };
  }

  const previousOverrides =
    typeof original.overrides === 'object' && original.overrides !== null ? original.overrides : {};
  const jobOverrides = withoutUndefined({
    ...previousOverrides,
    // A replay on one model replaces the original job's ladder.
    ...(overrides.model !== undefined ? { models: undefined } : {}),
    ...withoutUndefined({ model: overrides.model, maxAttempts: overrides.maxAttempts }),
  });
  const redriveCount = record.lineage.redriveCount + 1;
  const candidate = withoutUndefined({
    workflow: workflow.name,
    version: workflow.version,
    input: original.input,
    historyScope: original.historyScope,
    idempotencyKey: original.idempotencyKey,
    metadata: original.metadata,
    // The producer's spending limit holds for the replay too.
    budget: original.budget,
    // A replayed evaluation job stays one: kept out of production's history, review index and statistics.
    evaluation: original.evaluation,
    // A child of a split job replayed alone stays that child: its pages and field group, its split.
    part: original.part,
    overrides: Object.keys(jobOverrides).length > 0 ? jobOverrides : undefined,
    lineage: { rootJobId: record.lineage.rootJobId, replayOf: dlqId, redriveCount },
  });
  const contract = JobData.safeParse(candidate);
  if (!contract.success) {
    const problems = contract.error.issues.map(
      (issue) => `${formatPath(issue.path) || '(job data)'}: ${issue.message}`,
    );
    return {
      action: 'invalid',
      dlqId,
      error: `the replayed job data breaks the job contract: ${problems.join('; ')}`,
    };
  }
  const refused = modelOverridesProblems({
    registry: options.registry,
    workflow: workflow.name,
    overrides: contract.data.overrides,
    allowedModels: options.allowedModels,
  });
  if (refused.length > 0) {
    const error = refused.map((problem) => `${problem.path}: ${problem.message}`).join('; ');
    return { action: 'invalid', dlqId, error };
  }
  const input = workflow.input.safeParse(contract.data.input);
  if (!input.success) {
    const problems = input.error.issues.map(
      (issue) => `${formatPath(['input', ...issue.path])}: ${issue.message}`,
    );
    return {
      action: 'invalid',
      dlqId,
      error: `the input does not match ${workflow.name}@v${workflow.version}: ${problems.join('; ')}`,
    };
  }
  return { action: 'replay', dlqId, newJobId: replayJobId(dlqId, redriveCount), data: contract.data, record };
}

function withoutUndefined<T extends Record<string, unknown>>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
