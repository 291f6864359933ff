import { setTimeout as sleepTimer } from 'node:timers/promises';
import { type DlqRecord, openQueues, unindexDlqRecord } from '@quarry/queue';
import { DlqReader } from './dlq-reader';
import { DlqSelectors } from './dlq-selectors';
import { summarize } from './dlq-summary';
import { DlqRecordNotFoundError } from './errors/dlq-record-not-found-error';
import { ReplayOptionsError } from './errors/replay-options-error';
import { SelectorError } from './errors/selector-error';
import { executeReplay } from './execute-replay';
import { fingerprintGroupsOf } from './fingerprint-groups';
import { readLineageChain } from './lineage-chain';
import { planReplay } from './plan-replay';
import { checkReplayOptions } from './replay-options-check';
import type { ReplayReport } from './replay-report';
import { newestFirst, selectRecords } from './select-records';
import type { ReplayOptions, Triage, TriageOptions } from './triage';
import { triageDefaults } from './triage-defaults';

/** Creates the triage service on the DLQ of `config`. @throws ReplayOptionsError for a bad `maxRedrives`. */
export function createTriage(options: TriageOptions): Triage {
  const queues = openQueues({ connection: options.connection, config: options.config });
  const maxRedrives = options.maxRedrives ?? triageDefaults.maxRedrives;
  const replayedRetentionMs = options.replayedRetentionMs ?? triageDefaults.replayedRetentionMs;
  if (!Number.isInteger(maxRedrives) || maxRedrives < 0) {
    throw new ReplayOptionsError({ problems: [`maxRedrives must be an integer ≥ 0, got ${maxRedrives}`] });
  }
  if (!Number.isFinite(replayedRetentionMs) || replayedRetentionMs <= 0) {
    throw new ReplayOptionsError({
      problems: [`replayedRetentionMs must be positive, got ${replayedRetentionMs}`],
    });
  }
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => sleepTimer(ms).then(() => undefined));
  const reader = new DlqReader({
    dlq: queues.dlq,
    pageSize: triageDefaults.pageSize,
    ...(options.onUnreadable ? { onUnreadable: options.onUnreadable } : {}),
  });

  const select = async (input: DlqSelectors = {}): Promise<DlqRecord[]> => {
    const parsed = DlqSelectors.safeParse(input);
    if (!parsed.success) {
      throw new SelectorError({
        problems: parsed.error.issues.map(
          (issue) => `${issue.path.join('.') || 'selectors'}: ${issue.message}`,
        ),
        cause: parsed.error,
      });
    }
    const selectors = parsed.data;
    if (!selectors.ids) {
      const records: DlqRecord[] = [];
      for await (const record of reader.scan()) records.push(record);
      return selectRecords(records, selectors);
    }
    const ids = [...new Set(selectors.ids)];
    const found = await Promise.all(ids.map((id) => reader.get(id)));
    const missing = ids.filter((_, i) => !found[i]);
    if (missing.length > 0) throw new DlqRecordNotFoundError({ dlqIds: missing });
    return selectRecords(found as DlqRecord[], selectors);
  };

  const replayDlq = async (replay: ReplayOptions): Promise<ReplayReport> => {
    const { overrides, concurrency } = checkReplayOptions(replay);
    const records = (await select(replay.selectors)).reverse();
    const plan = planReplay({
      records,
      registry: options.registry,
      overrides,
      force: replay.force ?? false,
      maxRedrives,
      allowedModels: queues.config.allowedModels,
    });
    const base = { matched: records.length, planned: plan.planned };
    if (replay.dryRun)
      return { dryRun: true, replayed: 0, jobs: [], skipped: plan.skipped, failed: plan.failed, ...base };
    const done = await executeReplay({
      steps: plan.steps,
      connection: options.connection,
      queues,
      concurrency,
      rate: replay.rate,
      now,
      sleep,
      onProgress: replay.onProgress,
    });
    return {
      dryRun: false,
      replayed: done.jobs.length,
      jobs: done.jobs,
      skipped: [...plan.skipped, ...done.skipped],
      failed: [...plan.failed, ...done.failed],
      ...base,
    };
  };

  return {
    queues,
    maxRedrives,
    replayedRetentionMs,
    async listDlq(selectors) {
      return (await select(selectors)).map((record) => summarize(record, maxRedrives));
    },
    async showDlq(dlqId) {
      const record = await reader.get(dlqId);
      if (!record) throw new DlqRecordNotFoundError({ dlqIds: [dlqId] });
      const chain = await readLineageChain({
        record,
        reader,
        queue: queues.queue,
        redis: options.connection,
        keys: queues.keys,
        maxRedrives,
      });
      return { record, summary: summarize(record, maxRedrives), chain };
    },
    async fingerprintGroups(selectors) {
      return fingerprintGroupsOf(await select(selectors), {
        maxRedrives,
        topIssues: triageDefaults.topIssues,
      });
    },
    replayDlq,
    async pruneReplayed(prune = {}) {
      const olderThanMs = prune.olderThanMs ?? replayedRetentionMs;
      const cutoff = now() - olderThanMs;
      const removed: string[] = [];
      const old: DlqRecord[] = [];
      for await (const record of reader.scan()) {
        if (record.replay && Date.parse(record.replay.replayedAt) < cutoff) old.push(record);
      }
      for (const record of old.sort(newestFirst)) {
        await unindexDlqRecord({
          redis: options.connection,
          keys: queues.keys,
          sourceJobId: record.sourceJobId,
          dlqId: record.dlqId,
        });
        await queues.dlq.remove(record.dlqId);
        removed.push(record.dlqId);
      }
      return { removed };
    },
    close: () => queues.close(),
  };
}
