import type { WorkflowRegistry } from '@quarry/core';
import type { DlqRecord } from '@quarry/queue';
import { dlqSplitPart } from './dlq-split-part';
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

/**
 * Plans the replay of `records` in the given order (no I/O): jobs to add, records to skip, records
 * refused. A split job's parent that is replayed runs its children again, so the records of its own
 * children (their `input.part.parentId` is the parent's `sourceJobId`), among `records` or named in
 * `splitParents`, are skipped as `through_parent`; a child whose parent is not replayed is planned
 * on its own.
 */
export function planReplay(options: {
  readonly records: readonly DlqRecord[];
  readonly registry: WorkflowRegistry;
  readonly overrides: ReplayOverrides;
  readonly force: boolean;
  readonly maxRedrives: number;
  /** Models an override may name besides the workflow's own (`QUARRY_ALLOWED_MODELS`). */
  readonly allowedModels: readonly string[];
  /**
   * Split parents replayed by the same replay though not among `records` (a replay planned a page at
   * a time): source job id → DLQ id. Default none.
   */
  readonly splitParents?: ReadonlyMap<string, string>;
}): ReplayPlan {
  const { records, splitParents, ...stepOptions } = options;
  const steps: ReplayJobStep[] = [];
  const skipped: ReplayReport['skipped'][number][] = [];
  const failed: ReplayReport['failed'][number][] = [];
  const decided = records.map((record) => planReplayStep(record, stepOptions));
  const parents = new Map([...(splitParents ?? []), ...replayedSplitParents(decided)]);
  for (const [i, decision] of decided.entries()) {
    const step = throughParent(records[i] as DlqRecord, decision, parents) ?? decision;
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

/** The split parents among `steps` that are replayed: source job id → DLQ id. */
export function replayedSplitParents(steps: readonly ReplayStep[]): Map<string, string> {
  const parents = new Map<string, string>();
  for (const step of steps)
    if (step.action === 'replay' && step.record.split) parents.set(step.record.sourceJobId, step.dlqId);
  return parents;
}

/** The source job id of the split parent whose child `step` replays, or null when it replays no child. */
export function replayedChildOf(step: ReplayJobStep): string | null {
  return dlqSplitPart(step.record)?.parentId ?? null;
}

/**
 * The skip of a child whose parent is replayed (`parents`: source job id → DLQ id), or null. A
 * child already skipped keeps its own reason; one refused is replayed through its parent all the same.
 */
function throughParent(
  record: DlqRecord,
  step: ReplayStep,
  parents: ReadonlyMap<string, string>,
): ReplayStep | null {
  if (step.action === 'skip' || parents.size === 0) return null;
  const part = dlqSplitPart(record);
  if (!part) return null;
  const parentDlqId = parents.get(part.parentId);
  if (parentDlqId === undefined) return null;
  return {
    action: 'skip',
    dlqId: step.dlqId,
    reason: 'through_parent',
    why: `replayed through its parent: child ${part.index} of job ${part.parentId} (DLQ record ${parentDlqId})`,
  };
}
