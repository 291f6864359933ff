import { setMaxListeners } from 'node:events';
import { evalItemRunner } from '@quarry/cli';
import { createQuarryClient } from '@quarry/client';
import type { Lane } from '@quarry/core';
import { type EvalReport, runEvaluation } from '@quarry/eval';
import { spawnRedis, uniquePrefix } from '@quarry/local-redis';
import type { StandinStats } from '@quarry/standin';
import { REFERENCE_PATTERN } from './bench-corpus';
import type { EvalAccuracySet } from './eval-accuracy-set';
import { spawnBenchWorker } from './processes/bench-worker-process';
import { spawnStandin } from './processes/standin-process';

/** How long one item may take before it counts as failed (a batch round here takes about a second). */
const ITEM_TIMEOUT_MS = 120_000;
/** How long the stand-in takes to end a batch; the cost does not depend on it. */
const BATCH_DELAY_MS = 200;

/** The planted mistakes (the stand-in's `simulate.plant`). */
export interface PlantRates {
  readonly wrongRate: number;
  readonly missingRate: number;
  readonly inventedRate: number;
  readonly seed: number;
}

/** One lane's evaluation of the whole set: a report per workflow, and the stand-in's counters. */
export interface EvalLaneRun {
  readonly lane: Lane;
  readonly reports: readonly EvalReport[];
  /** What the stand-in planted, billed and answered (`GET /_standin/stats`), read after the run. */
  readonly stats: StandinStats;
  readonly seconds: number;
}

/**
 * Evaluates the set on one lane as `quarry eval run` does, once per workflow: `runEvaluation` with
 * `evalItemRunner` on a Quarry client, jobs run by a worker process (`createWorker`, the set's data
 * workflows through `QUARRY_WORKFLOWS`) on a Redis and a stand-in of their own, the stand-in
 * planting `plant` in its answers.
 */
export async function runEvalLane(options: {
  readonly set: EvalAccuracySet;
  readonly lane: Lane;
  readonly concurrency: number;
  readonly plant: PlantRates;
}): Promise<EvalLaneRun> {
  const { set, lane, concurrency } = options;
  const redis = await spawnRedis();
  const standin = await spawnStandin({
    simulate: { corpus: set.corpus, plant: options.plant },
    seed: options.plant.seed,
    record: false,
    documentKey: REFERENCE_PATTERN,
    batches: { delayMs: BATCH_DELAY_MS },
  });
  const prefix = uniquePrefix(`bench-eval-${lane}`);
  const worker = spawnBenchWorker({
    kind: 'quarry',
    model: 'sdk',
    redisUrl: redis.url,
    prefix,
    concurrency,
    env: {
      ANTHROPIC_BASE_URL: standin.url,
      BATCH_MAX_WAIT_MS: '500',
      BATCH_POLL_INTERVAL_MS: '250',
      ...(set.workflowDir ? { QUARRY_WORKFLOWS: set.workflowDir } : {}),
    },
  });
  const client = createQuarryClient({
    redisUrl: redis.url,
    registry: set.registry,
    config: { prefix },
    readyTimeoutMs: 5000,
    maxPollIntervalMs: 250,
  });
  try {
    await worker.ready;
    const started = Date.now();
    // Every item in flight waits on the run's signal: up to `concurrency` listeners, none left behind.
    const signal = new AbortController().signal;
    setMaxListeners(Math.max(concurrency + 1, 10), signal);
    const reports: EvalReport[] = [];
    for (const group of set.groups) {
      const workflow = set.registry.get(group.workflow);
      const runId = `bench-${workflow.name}-${lane}`.slice(0, 64);
      reports.push(
        await runEvaluation({
          run: {
            runId,
            set: `bench-${set.source}`,
            workflow: { name: workflow.name, version: workflow.version },
            model: null,
            lane,
            lessons: true,
          },
          items: group.items,
          runItem: evalItemRunner({
            client,
            workflow,
            runId,
            lessons: true,
            lane,
            timeoutMs: ITEM_TIMEOUT_MS,
          }),
          concurrency,
          signal,
        }),
      );
    }
    const seconds = (Date.now() - started) / 1000;
    return { lane, reports, stats: await standin.stats(), seconds };
  } finally {
    await client.close();
    await worker.close();
    await standin.close();
    await redis.stop();
  }
}
