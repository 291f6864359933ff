import type { WorkflowRegistry } from '@quarry/core';
import type { DlqRecord, QuarryQueues, RedisClient } from '@quarry/queue';
import type { DlqReader } from './dlq-reader';
import { planReplay } from './plan-replay';
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
 * held at a time whatever the selection: each page is read, planned and its jobs added before the next
 * is read. Records gone or unreadable by the time their page is read are left out. With a progress
 * listener, a first pass plans every page to know the total.
 */
export async function runReplay(options: RunReplayOptions): Promise<ReplayReport> {
  const { replay } = options;
  const plan = (records: readonly DlqRecord[]) =>
    planReplay({
      records,
      registry: options.registry,
      overrides: options.overrides,
      force: replay.force ?? false,
      maxRedrives: options.maxRedrives,
      allowedModels: options.queues.config.allowedModels,
    });
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
  let total = 0;
  if (replay.onProgress)
    for await (const records of recordPages(options)) total += plan(records).steps.length;
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

/** The selected records, a page at a time, in replay order; records gone or unreadable are left out. */
export async function* recordPages(
  options: Pick<RunReplayOptions, 'dlqIds' | 'pageSize' | 'reader'>,
): AsyncGenerator<DlqRecord[]> {
  const { dlqIds, pageSize, reader } = options;
  for (let start = 0; start < dlqIds.length; start += pageSize) {
    const read = await Promise.all(dlqIds.slice(start, start + pageSize).map((id) => reader.read(id)));
    const records = read.filter((record): record is DlqRecord => record !== null);
    if (records.length > 0) yield records;
  }
}
