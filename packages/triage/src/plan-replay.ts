import type { WorkflowRegistry } from '@quarry/core';
import type { DlqRecord } from '@quarry/queue';
import type { ReplayOverrides } from './replay-overrides';
import { planReplayStep, type ReplayStep } from './replay-plan';
import type { PlannedReplay, ReplayReport } from './replay-report';

/** A replay step that adds a job. */
export type ReplayJobStep = Extract<ReplayStep, { action: 'replay' }>;

/** What a replay of some records will do, before any of it is done. */
export interface ReplayPlan {
  readonly steps: readonly ReplayJobStep[];
  readonly skipped: ReplayReport['skipped'];
  readonly failed: ReplayReport['failed'];
  readonly planned: readonly PlannedReplay[];
}

/** Plans the replay of `records` in the given order (no I/O): jobs to add, records to skip, records refused. */
export function planReplay(options: {
  readonly records: readonly DlqRecord[];
  readonly registry: WorkflowRegistry;
  readonly overrides: ReplayOverrides;
  readonly force: boolean;
  readonly maxRedrives: number;
  /** Models an override may name besides the workflow's own (`QUARRY_ALLOWED_MODELS`). */
  readonly allowedModels: readonly string[];
}): ReplayPlan {
  const { records, ...stepOptions } = options;
  const steps: ReplayJobStep[] = [];
  const skipped: ReplayReport['skipped'][number][] = [];
  const failed: ReplayReport['failed'][number][] = [];
  for (const record of records) {
    const step = planReplayStep(record, stepOptions);
    switch (step.action) {
      case 'replay':
        steps.push(step);
        break;
      case 'skip':
        skipped.push({ dlqId: step.dlqId, why: step.why, reason: step.reason });
        break;
      case 'invalid':
        failed.push({ dlqId: step.dlqId, error: step.error });
        break;
    }
  }
  const planned = steps.map((step) => ({
    dlqId: step.dlqId,
    newJobId: step.newJobId,
    workflow: step.data.workflow,
    version: step.data.version,
    reason: step.record.reason.kind,
    redriveCount: step.data.lineage?.redriveCount ?? 0,
    overrides: step.data.overrides,
  }));
  return { steps, skipped, failed, planned };
}
