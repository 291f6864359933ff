import type { WorkflowRegistry } from '@quarry/core';
import type { DlqRecord, QuarryQueues, RedisClient } from '@quarry/queue';
import type { DlqReader } from './dlq-reader';
import { DlqRecordUnreadableError } from './errors/dlq-record-unreadable-error';
import { planReplay, type ReplayPlan, replayedChildOf, replayedSplitParents } from './plan-replay';
import { ReplayExecutor, type ReplayRun } from './replay-executor';
import type { ReplayOverrides } from './replay-overrides';
import type { ReplayReport } from './replay-report';
import type { ReplayOptions } from './triage';

/** What {@link runReplay} works with: the records chosen, how to read them, and where to replay them. */
export interface RunReplayOptions {
  readonly replay: ReplayOptions;
  readonly overrides: ReplayOverrides;
  readonly concurrency: number;
  /** The selected records, in replay order (oldest first). */
  readonly dlqIds: readonly string[];
  readonly reader: DlqReader;
  /** Records read (and replayed) at a time. */
  readonly pageSize: number;
  readonly connection: RedisClient;
  readonly queues: QuarryQueues;
  readonly registry: WorkflowRegistry;
  readonly maxRedrives: number;
  readonly now: () => number;
  readonly sleep: (ms: number) => Promise<void>;
}

/**
 * Plans and (unless a dry run) replays the selected records page by page, so only a page of records is
 * held at a time whatever the selection: a first pass plans every page to know the split parents
 * replayed (whose children's records are skipped, wherever they are in the selection) and the total;
 * then each page is read, planned and its jobs added before the next is read. Records gone or
 * unreadable by the time their page is read are left out.
 */
export async function runReplay(options: RunReplayOptions): Promise<ReplayReport> {
  const { replay } = options;
  const rules = {
    registry: options.registry,
    overrides: options.overrides,
    force: replay.force ?? false,
    maxRedrives: options.maxRedrives,
    allowedModels: options.queues.config.allowedModels,
  };
  const survey = await surveyReplay({ ...options, plan: (records) => planReplay({ records, ...rules }) });
  const plan = (records: readonly DlqRecord[]) =>
    planReplay({ records, ...rules, splitParents: survey.splitParents });
  let matched = 0;
  const planned: ReplayReport['planned'][number][] = [];
  const skipped: ReplayReport['skipped'][number][] = [];
  const failed: ReplayReport['failed'][number][] = [];
  const planPage = (records: readonly DlqRecord[]) => {
    const page = plan(records);
    matched += records.length;
    planned.push(...page.planned);
    skipped.push(...page.skipped);
    failed.push(...page.failed);
    return page.steps;
  };
  if (replay.dryRun) {
    for await (const records of recordPages(options)) planPage(records);
    return { dryRun: true, replayed: 0, jobs: [], skipped, failed, matched, planned };
  }
  const { total } = survey;
  const executor = new ReplayExecutor({
    connection: options.connection,
    queues: options.queues,
    concurrency: options.concurrency,
    rate: replay.rate,
    now: options.now,
    sleep: options.sleep,
    onProgress: replay.onProgress,
    total,
  });
  const done: ReplayRun = { jobs: [], skipped: [], failed: [] };
  try {
    for await (const records of recordPages(options)) {
      const run = await executor.run(planPage(records));
      done.jobs.push(...run.jobs);
      done.skipped.push(...run.skipped);
      done.failed.push(...run.failed);
    }
  } finally {
    await executor.close();
  }
  return {
    dryRun: false,
    replayed: done.jobs.length,
    jobs: done.jobs,
    skipped: [...skipped, ...done.skipped],
    failed: [...failed, ...done.failed],
    matched,
    planned,
  };
}

/**
 * The selected records, a page at a time, in replay order; records gone or unreadable are left out
 * (an unreadable one reported by the reader, unless `quiet`: a pass that reads the selection again).
 */
export async function* recordPages(
  options: Pick<RunReplayOptions, 'dlqIds' | 'pageSize' | 'reader'> & { readonly quiet?: boolean },
): AsyncGenerator<DlqRecord[]> {
  const { dlqIds, pageSize, reader } = options;
  const readOne = (id: string) =>
    options.quiet
      ? reader.get(id).catch((error: unknown) => {
          if (error instanceof DlqRecordUnreadableError) return null;
          throw error;
        })
      : reader.read(id);
  for (let start = 0; start < dlqIds.length; start += pageSize) {
    const read = await Promise.all(dlqIds.slice(start, start + pageSize).map(readOne));
    const records = read.filter((record): record is DlqRecord => record !== null);
    if (records.length > 0) yield records;
  }
}

/** What a first pass over the selection finds: the split parents replayed, and the jobs to add. */
export interface ReplaySurvey {
  /** Source job id → DLQ id of each split parent that is replayed. */
  readonly splitParents: ReadonlyMap<string, string>;
  /** Jobs the replay adds (children replayed through their parents left out). */
  readonly total: number;
}

/**
 * Plans every page of the selection once (unreadable records not reported: the pass that replays
 * reports them), keeping only the split parents replayed and the count of
 * jobs (a child's own job is not counted when its parent, on any page, is replayed).
 */
export async function surveyReplay(
  options: Pick<RunReplayOptions, 'dlqIds' | 'pageSize' | 'reader'> & {
    readonly plan: (records: readonly DlqRecord[]) => ReplayPlan;
  },
): Promise<ReplaySurvey> {
  const splitParents = new Map<string, string>();
  const childrenOf: string[] = [];
  let total = 0;
  for await (const records of recordPages({ ...options, quiet: true })) {
    const { steps } = options.plan(records);
    for (const [sourceJobId, dlqId] of replayedSplitParents(steps)) splitParents.set(sourceJobId, dlqId);
    for (const step of steps) {
      const parentId = replayedChildOf(step);
      if (parentId === null) total += 1;
      else childrenOf.push(parentId);
    }
  }
  total += childrenOf.filter((parentId) => !splitParents.has(parentId)).length;
  return { splitParents, total };
}
