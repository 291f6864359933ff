import { setTimeout as sleepTimer } from 'node:timers/promises';
import { openQueues, readDlqGroupSummaries, tallyDlqGroups } from '@quarry/queue';
import { DlqReader } from './dlq-reader';
import { DlqSelection } from './dlq-selection';
import { DlqSelectors } from './dlq-selectors';
import { summarize } from './dlq-summary';
import { DlqRecordNotFoundError } from './errors/dlq-record-not-found-error';
import { ReplayOptionsError } from './errors/replay-options-error';
import { SelectorError } from './errors/selector-error';
import { fingerprintGroupOf, fingerprintGroupsOf, largestFirst } from './fingerprint-groups';
import { indexOnce } from './index-once';
import { readLineageChain } from './lineage-chain';
import { planSelectedReplay } from './plan-selected-replay';
import { pruneEvaluationRecords } from './prune-evaluation-records';
import { pruneReplayedRecords } from './prune-replayed-records';
import { checkReplayOptions } from './replay-options-check';
import { runReplay } from './run-replay';
import type { Triage, TriageOptions } from './triage';
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
  const { connection: redis } = options;
  const { keys } = queues;
  const { pageSize } = triageDefaults;
  const reader = new DlqReader({
    dlq: queues.dlq,
    ...(options.onUnreadable ? { onUnreadable: options.onUnreadable } : {}),
  });
  const groupOptions = { maxRedrives, topIssues: triageDefaults.topIssues };

  // A DLQ written by an older version is indexed once, before the first read that needs the indexes.
  const ready = indexOnce({ redis, queues, onUnreadable: options.onUnreadable });
  const selection = new DlqSelection({ redis, keys, reader, pageSize });

  const parse = (input: DlqSelectors = {}): DlqSelectors => {
    const parsed = DlqSelectors.safeParse(input);
    if (parsed.success) return parsed.data;
    throw new SelectorError({
      problems: parsed.error.issues.map(
        (issue) => `${issue.path.join('.') || 'selectors'}: ${issue.message}`,
      ),
      cause: parsed.error,
    });
  };

  /** The DLQ ids of the selected records in replay order (oldest first), as a replay reads them. */
  const replayOrder = async (selectors: DlqSelectors): Promise<string[]> => {
    await ready();
    const newestFirst = selectors.ids
      ? (await selection.byIds(selectors.ids, selectors)).map((record) => record.dlqId)
      : (await selection.entries(selectors)).map(({ entry }) => entry.dlqId);
    return newestFirst.reverse();
  };

  return {
    queues,
    maxRedrives,
    replayedRetentionMs,
    async listDlq(input = {}) {
      const { after, ...rest } = input;
      const selectors = parse(rest);
      if (!selectors.ids || after !== undefined) await ready();
      const cursor = after === undefined ? undefined : await selection.cursor(after);
      return (await selection.records(selectors, cursor)).map((record) => summarize(record, maxRedrives));
    },
    async countDlq(input) {
      const selectors = parse(input);
      await ready();
      return selection.count(selectors);
    },
    async showDlq(dlqId) {
      const record = await reader.get(dlqId);
      if (!record) throw new DlqRecordNotFoundError({ dlqIds: [dlqId] });
      const chain = await readLineageChain({ record, reader, queue: queues.queue, redis, keys, maxRedrives });
      return { record, summary: summarize(record, maxRedrives), chain };
    },
    async fingerprintGroups(input) {
      const selectors = parse(input);
      if (selectors.ids) {
        return fingerprintGroupsOf(await selection.byIds(selectors.ids, selectors), groupOptions);
      }
      await ready();
      // Every group, or one fingerprint's, is kept summed up; any other selector sums up what it selects.
      const { fingerprint } = selectors;
      const summaries = narrowsRecords(selectors)
        ? tallyDlqGroups(await selection.entries(selectors))
        : await readDlqGroupSummaries({ redis, keys, ...(fingerprint === undefined ? {} : { fingerprint }) });
      return summaries.map((summary) => fingerprintGroupOf(summary, groupOptions)).sort(largestFirst);
    },
    async replayDlq(replay) {
      const { overrides, concurrency } = checkReplayOptions(replay);
      const selectors = parse(replay.selectors);
      return runReplay({
        replay,
        overrides,
        concurrency,
        dlqIds: await replayOrder(selectors),
        reader,
        pageSize,
        connection: redis,
        queues,
        registry: options.registry,
        maxRedrives,
        now,
        sleep,
      });
    },
    async planReplayDlq(replay) {
      const { overrides } = checkReplayOptions(replay);
      const selectors = parse(replay.selectors);
      return planSelectedReplay({
        dlqIds: await replayOrder(selectors),
        reader,
        pageSize,
        registry: options.registry,
        overrides,
        force: replay.force ?? false,
        maxRedrives,
        allowedModels: queues.config.allowedModels,
      });
    },
    async pruneReplayed(prune = {}) {
      await ready();
      const cutoff = now() - (prune.olderThanMs ?? replayedRetentionMs);
      return { removed: await pruneReplayedRecords({ redis, queues, cutoff }) };
    },
    pruneEvaluationRecords: (prune) => pruneEvaluationRecords({ redis, queues, reader, prune }),
    close: () => queues.close(),
  };
}

/** True when selectors other than a fingerprint (and `all`) narrow the records down. */
function narrowsRecords(selectors: DlqSelectors): boolean {
  const { ids, workflow, version, reason, since, until, limit } = selectors;
  return [ids, workflow, version, reason, since, until, limit].some((value) => value !== undefined);
}
