import type { WorkflowRegistry } from '@quarry/core';
import type { DlqReader } from './dlq-reader';
import { planReplay, type ReplayPlan } from './plan-replay';
import type { ReplayOverrides } from './replay-overrides';
import { recordPages, surveyReplay } from './run-replay';

/** A replay's plan of every selected record, with how many the selection matched. */
export interface SelectedReplayPlan extends ReplayPlan {
  /** Records the selectors matched (and that could still be read). */
  readonly matched: number;
}

/** Options of {@link planSelectedReplay}. */
export interface PlanSelectedReplayOptions {
  /** The selected records, in replay order (oldest first). */
  readonly dlqIds: readonly string[];
  readonly reader: DlqReader;
  /** Records read at a time. */
  readonly pageSize: number;
  readonly registry: WorkflowRegistry;
  readonly overrides: ReplayOverrides;
  readonly force: boolean;
  readonly maxRedrives: number;
  readonly allowedModels: readonly string[];
}

/**
 * Plans the replay of the selected records page by page, as a replay would (no job is added, no record
 * changed): the steps with each new job's data, the records skipped (a split job's child whose parent is
 * replayed too) and those refused.
 */
export async function planSelectedReplay(options: PlanSelectedReplayOptions): Promise<SelectedReplayPlan> {
  const { dlqIds, reader, pageSize, ...rules } = options;
  let matched = 0;
  const steps: ReplayPlan['steps'][number][] = [];
  const skipped: ReplayPlan['skipped'][number][] = [];
  const failed: ReplayPlan['failed'][number][] = [];
  const planned: ReplayPlan['planned'][number][] = [];
  const { splitParents } = await surveyReplay({
    dlqIds,
    reader,
    pageSize,
    plan: (records) => planReplay({ records, ...rules }),
  });
  for await (const records of recordPages({ dlqIds, reader, pageSize })) {
    const page = planReplay({ records, ...rules, splitParents });
    matched += records.length;
    steps.push(...page.steps);
    skipped.push(...page.skipped);
    failed.push(...page.failed);
    planned.push(...page.planned);
  }
  return { matched, steps, skipped, failed, planned };
}
