import {
  type AnyWorkflow,
  type AttemptRecord,
  type BlobStore,
  documentOf,
  type ResolvedSplitSetting,
  SplitParentError,
  textPages,
} from '@quarry/core';
import {
  type DeadLetterWriter,
  type DlqSplit,
  ExtractionJobResult,
  type JobBudget,
  type JobData,
  type SplitStore,
  type StoredSplit,
} from '@quarry/queue';
import { Job, type Queue, WaitingChildrenError } from 'bullmq';
import type { Logger } from 'pino';
import { addSplitChildren, splitChildJobId } from './add-split-children';
import { describePart, mergeSplitResults } from './merge-split-results';
import { childCount, childPart, SplitPlanRecord } from './split-plan-record';

/** What a split parent needs of the worker. */
export interface SplitParentOptions {
  readonly job: Job;
  readonly token: string | undefined;
  readonly data: JobData;
  readonly workflow: AnyWorkflow;
  readonly input: unknown;
  readonly setting: ResolvedSplitSetting;
  readonly splitId: string;
  /** The plan made for this run; null when the parent comes back to a plan it saved before. */
  readonly plan: SplitPlanRecord | null;
  readonly store: SplitStore;
  readonly queue: Queue;
  readonly jobOptions: { readonly attempts: number; readonly backoff: { type: string; delay: number } };
  readonly blobs: BlobStore | null;
  /** Where a failed child's attempts are read from (its DLQ record, else the attempt store). */
  readonly deadLetters: Pick<DeadLetterWriter, 'attemptsOf'>;
  readonly budget: JobBudget | undefined;
  readonly log: Logger;
  readonly signal?: AbortSignal | undefined;
  /** Filled before a dead-letter is thrown: the children for the parent's DLQ record. */
  readonly onDeadLetter: (split: {
    readonly split: DlqSplit;
    readonly attempts: readonly AttemptRecord[];
  }) => void;
}

/**
 * Runs the parent of a split job: saves its plan (the first saved stands, so a parent run again
 * keeps it), adds the children that have neither a result nor a failure of this parent's (a child
 * completed before, by this parent or one it replays, is never run again), and waits for them
 * without holding a lock (`WaitingChildrenError`). Once they have all ended it merges their results
 * (`mergeSplitResults`): completes, asks some children again once with a failed rule's messages,
 * or dead-letters. With `onChildFailure: 'dead_letter'` a failed child dead-letters the parent
 * (`split_child_failed`) with every child listed and the failed children's attempts.
 * @throws WaitingChildrenError while children run; SplitParentError to dead-letter.
 */
export async function runSplitParent(options: SplitParentOptions): Promise<ExtractionJobResult> {
  const { store, splitId } = options;
  const plan = SplitPlanRecord.parse(await store.savePlan(splitId, options.plan));
  // Each pass either ends the parent, or adds children and waits (throwing WaitingChildrenError);
  // a wait that finds every child already ended starts the next pass.
  for (let pass = 0; pass < 4; pass++) {
    const stored = await store.read(splitId);
    const first = childStates(options, plan, stored, 0, null);
    if (first.pending.length > 0 && pass === 0) {
      await addAndWait(options, plan, first.pending, 0);
      continue;
    }
    await failUnrecorded(options, first, 0);
    if (first.failed.size > 0 && options.setting.onChildFailure === 'dead_letter') {
      return deadLetterWithChildren(options, plan, first);
    }
    const firstOutcome = await merge(options, plan, first, false, 0);
    if (firstOutcome.kind === 'complete') {
      await store.completed(splitId);
      return firstOutcome.result;
    }
    if (firstOutcome.kind === 'dead_letter')
      return deadLetterWithChildren(options, plan, first, firstOutcome.error);
    const rerun = stored.rerun ?? (await store.saveRerun(splitId, [...firstOutcome.feedback.keys()]));
    const again = childStates(options, plan, stored, 1, new Set(rerun));
    if (again.pending.length > 0 && pass < 2) {
      await addAndWait(options, plan, again.pending, 1, firstOutcome.feedback);
      continue;
    }
    await failUnrecorded(options, again, 1);
    const settled: ChildStates = {
      results: new Map([...first.results, ...again.results]),
      failed: new Map([...first.failed, ...again.failed]),
      pending: [],
    };
    if (again.failed.size > 0 && options.setting.onChildFailure === 'dead_letter') {
      return deadLetterWithChildren(options, plan, settled);
    }
    const outcome = await merge(options, plan, settled, true, rerun.length);
    switch (outcome.kind) {
      case 'complete':
        await store.completed(splitId);
        return outcome.result;
      case 'rerun':
      case 'dead_letter':
        return deadLetterWithChildren(
          options,
          plan,
          settled,
          outcome.kind === 'dead_letter'
            ? outcome.error
            : new SplitParentError({
                kind: 'validation_exhausted',
                message: 'rules still fail after the children were asked again',
              }),
        );
      default:
        return outcome satisfies never;
    }
  }
  throw new SplitParentError({
    kind: 'split_child_failed',
    message: 'the split job could not settle its children',
  });
}

async function addAndWait(
  options: SplitParentOptions,
  plan: SplitPlanRecord,
  indices: readonly number[],
  round: 0 | 1,
  feedback?: ReadonlyMap<number, readonly string[]>,
): Promise<void> {
  await addSplitChildren({
    ...options,
    parent: options.job,
    plan,
    indices,
    round,
    ...(feedback ? { feedback } : {}),
  });
  options.log.info(
    { splitId: options.splitId, children: childCount(plan), added: indices.length, round },
    round === 0 ? 'split job waiting for its children' : 'split job asks children again after a rule failed',
  );
  await waitForChildren(options);
}

function merge(
  options: SplitParentOptions,
  plan: SplitPlanRecord,
  states: ChildStates,
  rerunDone: boolean,
  rerunCount: number,
) {
  return mergeSplitResults({
    workflow: options.workflow,
    input: options.input,
    setting: options.setting,
    plan,
    results: states.results,
    failed: states.failed,
    rerunDone,
    rerunCount,
    windowText: windowTextOf(options, plan),
  });
}

/** The text of a text split's windows (its pages cut once), for paging quotes; null for any other split. */
function windowTextOf(options: SplitParentOptions, plan: SplitPlanRecord) {
  let pages: string[] | null = null;
  return (window: { readonly firstPage: number; readonly lastPage: number }): string | null => {
    if (plan.source !== 'text') return null;
    pages ??= textPages(documentOf(options.workflow, options.input));
    return pages.slice(window.firstPage - 1, window.lastPage).join('\f');
  };
}

interface ChildStates {
  readonly results: Map<number, ExtractionJobResult>;
  /** Why each failed child failed ("<reason label>: <message>"). */
  readonly failed: Map<number, string>;
  readonly pending: number[];
}

/**
 * For round 0, every child; for round 1, the children asked again: each one's result of that
 * round, its failure under this parent (a failure under a parent this one replays is not its own:
 * that child runs again), or neither (pending).
 */
function childStates(
  options: SplitParentOptions,
  plan: SplitPlanRecord,
  stored: StoredSplit,
  round: 0 | 1,
  only: ReadonlySet<number> | null,
): ChildStates {
  const parentId = options.job.id as string;
  const results = new Map<number, ExtractionJobResult>();
  const failed = new Map<number, string>();
  const pending: number[] = [];
  for (let index = 0; index < childCount(plan); index++) {
    if (only && !only.has(index)) continue;
    const result = ExtractionJobResult.safeParse(stored.results.get(index)?.[round]);
    const failure = stored.failures.get(index);
    if (result.success) results.set(index, result.data);
    else if (failure && failure.jobId === splitChildJobId(parentId, index, round)) {
      failed.set(index, `${failure.reason}: ${failure.message}`);
    } else pending.push(index);
  }
  return { results, failed, pending };
}

/** Moves the parent to wait for its children; returns when none is left to wait for. */
async function waitForChildren(options: SplitParentOptions): Promise<void> {
  if (!options.token) throw new TypeError('a split job waits for its children only with its lock token');
  if (await options.job.moveToWaitingChildren(options.token)) throw new WaitingChildrenError();
}

/**
 * Children that ended without a result or a recorded failure (failed outside a processor, e.g.
 * stalled too often): failed with BullMQ's reason.
 */
async function failUnrecorded(options: SplitParentOptions, state: ChildStates, round: 0 | 1): Promise<void> {
  for (const index of state.pending) {
    const child = await Job.fromId(options.queue, splitChildJobId(options.job.id as string, index, round));
    state.failed.set(index, child?.failedReason ? `stalled: ${child.failedReason}` : 'the child job is gone');
  }
  state.pending.length = 0;
}

async function deadLetterWithChildren(
  options: SplitParentOptions,
  plan: SplitPlanRecord,
  state: ChildStates,
  error?: SplitParentError,
): Promise<never> {
  const parentId = options.job.id as string;
  const attempts: AttemptRecord[] = [];
  const children: DlqSplit['children'] = [];
  for (let index = 0; index < childCount(plan); index++) {
    const { window, paths } = childPart(plan, index);
    const result = state.results.get(index);
    const reason = state.failed.get(index);
    const jobId = splitChildJobId(parentId, index, 0);
    let childAttempts: readonly AttemptRecord[] = [];
    if (!result) {
      const child = await Job.fromId(options.queue, jobId);
      childAttempts = child ? await options.deadLetters.attemptsOf(child) : [];
      attempts.push(...childAttempts);
    }
    children.push({
      index,
      jobId,
      status: result ? 'completed' : 'failed',
      pages: plan.pages === null ? null : [window.firstPage, window.lastPage],
      paths: paths ? [...paths] : null,
      ...(reason ? { reason } : {}),
      attempts: result?.attempts ?? childAttempts.length,
      costUsd: result ? result.costUsd : null,
    });
  }
  options.onDeadLetter({ split: { splitId: options.splitId, children }, attempts });
  const failed = [...state.failed.keys()];
  throw (
    error ??
    new SplitParentError({
      kind: 'split_child_failed',
      message: `${failed.length} of ${childCount(plan)} children failed: ${failed
        .slice(0, 5)
        .map((index) => `child ${index} (${describePart(plan, index)}): ${state.failed.get(index)}`)
        .join('; ')}`,
      failedChildren: failed,
    })
  );
}
