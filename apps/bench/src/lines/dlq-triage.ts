import { spawnRedis, uniquePrefix } from '@quarry/local-redis';
import { DeadLetterWriter, deletePrefixedKeys, openQueues } from '@quarry/queue';
import {
  createTriage,
  type DlqSelectors,
  fingerprintGroupsOf,
  selectorsFromText,
  selectRecords,
  summarize,
} from '@quarry/triage';
import { defaultRegistry } from '@quarry/workflows';
import { Redis } from 'ioredis';
import type { BenchContext } from '../bench-context';
import { benchDlqRecord } from '../bench-dlq-records';
import { type LineResult, verdict } from '../bench-line';
import { fullScanDlq } from '../full-scan-dlq';
import { pool } from '../pool';
import { median, percentile, round } from '../stats';

const TARGET_MS = 100;

/** Milliseconds each of `runs` calls of `task` took. */
async function timeRuns(runs: number, task: () => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    await task();
    times.push(performance.now() - started);
  }
  return times;
}

const figures = (times: readonly number[]) => ({
  p50: round(median(times), 1),
  p95: round(percentile(times, 95), 1),
  max: round(Math.max(...times), 1),
});

/**
 * Line 11: `quarry dlq list --limit 50` and `quarry dlq groups` on a DLQ of N records, through the
 * triage service the CLI calls (in process, one service as one command opens it), N runs each, p50 and
 * p95; the baseline is the full scan triage did before the DLQ indexes (every record read, then
 * filtered and grouped in memory), on the same records in the same run.
 */
export async function dlqTriage(context: BenchContext): Promise<LineResult> {
  const { records: count, runs, baselineRuns } = context.sizes.dlq;
  const base = {
    id: 11,
    title: 'DLQ triage',
    metric: `p95 ms of \`dlq list --limit 50\` and \`dlq groups\` (the slower), ${count.toLocaleString('en')} records`,
    comparisonLabel: 'full scan / indexes',
    target: `≤ ${TARGET_MS} ms each`,
  } as const;
  const redis = await spawnRedis();
  const connection = new Redis(redis.url, { maxRetriesPerRequest: null });
  const prefix = uniquePrefix('bench-dlq');
  const queues = openQueues({ connection, config: { prefix } });
  const triage = createTriage({ connection, registry: defaultRegistry(), config: { prefix } });
  try {
    const writer = new DeadLetterWriter({ queue: queues.dlq, keys: queues.keys });
    const now = Date.now();
    const seeding = Date.now();
    await pool(count, 64, (i) => writer.write(benchDlqRecord(i, now)));
    const seedSeconds = (Date.now() - seeding) / 1000;
    context.log(`line 11: ${count} DLQ records written in ${round(seedSeconds, 1)} s`);

    // As the CLI turns `--limit 50` and no selector into selectors.
    const listSelectors = selectorsFromText({ limit: '50' }, now);
    const groupSelectors = selectorsFromText({}, now);
    // The first calls also check the index version and load the scripts, as each CLI command does.
    const [coldList] = await timeRuns(1, () => triage.listDlq(listSelectors));
    const [coldGroups] = await timeRuns(1, () => triage.fingerprintGroups(groupSelectors));
    const listed = await triage.listDlq(listSelectors);
    const grouped = await triage.fingerprintGroups(groupSelectors);
    const groupedCount = grouped.reduce((sum, group) => sum + group.count, 0);
    if (listed.length !== 50 || groupedCount !== count) {
      throw new Error(`line 11: listed ${listed.length} records and grouped ${groupedCount} of ${count}`);
    }
    const list = figures(await timeRuns(runs, () => triage.listDlq(listSelectors)));
    const groups = figures(await timeRuns(runs, () => triage.fingerprintGroups(groupSelectors)));
    // Two selectors: the smaller of their indexes is walked and each page filtered by the other.
    const narrowSelectors = selectorsFromText(
      { workflow: 'support-ticket', reason: 'no_progress', limit: '50' },
      now,
    );
    const narrow = figures(await timeRuns(runs, () => triage.listDlq(narrowSelectors)));
    context.log(
      `line 11: list p50 ${list.p50} ms p95 ${list.p95} ms; groups p50 ${groups.p50} ms p95 ${groups.p95} ms`,
    );

    const scanList = figures(
      await timeRuns(baselineRuns, async () => {
        const all = await fullScanDlq(queues.dlq);
        return selectRecords(all, listSelectors as DlqSelectors).map((record) => summarize(record, 3));
      }),
    );
    const scanGroups = figures(
      await timeRuns(baselineRuns, async () =>
        fingerprintGroupsOf(await fullScanDlq(queues.dlq), { maxRedrives: 3, topIssues: 5 }),
      ),
    );
    context.log(`line 11: full scan: list ${scanList.p50} ms, groups ${scanGroups.p50} ms`);
    const slower = Math.max(list.p95, groups.p95);
    const ratio = Math.min(scanList.p50 / list.p50, scanGroups.p50 / groups.p50);
    return {
      ...base,
      quarry: slower,
      baseline: Math.min(scanList.p50, scanGroups.p50),
      comparison: round(ratio, 0),
      status: verdict(slower, (value) => value <= TARGET_MS),
      details: {
        records: count,
        runs,
        baselineRuns,
        seedSeconds,
        groupCount: grouped.length,
        coldListMs: round(coldList ?? Number.NaN, 1),
        coldGroupsMs: round(coldGroups ?? Number.NaN, 1),
        list,
        groups,
        listWorkflowAndReason: narrow,
        scanList,
        scanGroups,
      },
      notes: [
        `dlq list --limit 50: p50 ${list.p50} ms, p95 ${list.p95} ms; full scan ${scanList.p50} ms (${round(scanList.p50 / list.p50, 0)}×)`,
        `dlq groups (${grouped.length} groups): p50 ${groups.p50} ms, p95 ${groups.p95} ms; full scan ${scanGroups.p50} ms (${round(scanGroups.p50 / groups.p50, 0)}×)`,
        `dlq list --workflow support-ticket --reason no_progress --limit 50: p50 ${narrow.p50} ms, p95 ${narrow.p95} ms; first calls (index check, script load): list ${round(coldList ?? Number.NaN, 1)} ms, groups ${round(coldGroups ?? Number.NaN, 1)} ms`,
        `target ≤ ${TARGET_MS} ms each; ${runs} runs each, full scan ${baselineRuns} run(s) each on the same records`,
      ],
    };
  } finally {
    await triage.close();
    await deletePrefixedKeys({ redis: connection, prefix }).catch(() => 0);
    await queues.close();
    await connection.quit();
    await redis.stop();
  }
}
