import { setTimeout as sleep } from 'node:timers/promises';
import { spawnRedis, uniquePrefix } from '@quarry/local-redis';
import { Redis } from 'ioredis';
import type { BenchContext } from '../bench-context';
import { loadBenchCorpus } from '../bench-corpus';
import { fillRaw, fillWithClient } from '../bench-jobs';
import { type LineResult, verdict } from '../bench-line';
import { type CommandCounts, commandCounter } from '../command-counter';
import { drain } from '../drain';
import type { BenchWorkerSpec } from '../processes/bench-worker-spec';
import { quarryClientFor } from '../quarry-client-for';
import { round } from '../stats';

/** Runs `jobs` first-attempt successes on a fresh Redis and counts the commands of the processing only. */
async function countProcessing(options: {
  readonly kind: 'raw' | 'quarry';
  readonly jobs: number;
  readonly concurrency: number;
}): Promise<CommandCounts> {
  const { kind, jobs, concurrency } = options;
  const redis = await spawnRedis();
  const control = new Redis(redis.url);
  const prefix = uniquePrefix(`bench-rt-${kind}`);
  const client = kind === 'quarry' ? quarryClientFor(redis.url, prefix) : null;
  const corpus = loadBenchCorpus('invoice');
  try {
    const spec: BenchWorkerSpec =
      kind === 'raw'
        ? { kind: 'raw', redisUrl: redis.url, prefix, concurrency }
        : { kind: 'quarry', model: 'instant', redisUrl: redis.url, prefix, concurrency };
    const counter = commandCounter(control);
    let counts: CommandCounts | null = null;
    await drain({
      redisUrl: redis.url,
      prefix,
      jobs,
      fill: (queue) =>
        client
          ? fillWithClient({ client, corpus, run: 'rt', count: jobs }).then(() => undefined)
          : fillRaw({ queue, corpus, run: 'rt', count: jobs }),
      workers: [spec],
      // Let the workers' start-up work (e.g. the DLQ reconciler's first sweep) finish uncounted.
      beforeStart: () => sleep(1000).then(() => counter.start()),
      afterEnd: async () => {
        counts = await counter.stop();
      },
    });
    if (!counts) throw new Error('The command counter reported nothing');
    return counts;
  } finally {
    await client?.close();
    control.disconnect();
    await redis.stop();
  }
}

const perJob = (counts: Readonly<Record<string, number>>, jobs: number): Record<string, number> =>
  Object.fromEntries(Object.entries(counts).map(([name, n]) => [name, round(n / jobs, 3)]));

/**
 * Line 4: Redis round trips per job of a first-attempt success, Quarry minus raw BullMQ, counted
 * by Redis (MONITOR tells client commands from script-internal ones; INFO commandstats counts all).
 */
export async function roundTrips(context: BenchContext): Promise<LineResult> {
  const { jobs, concurrency } = context.sizes.roundTrips;
  const raw = await countProcessing({ kind: 'raw', jobs, concurrency });
  const quarry = await countProcessing({ kind: 'quarry', jobs, concurrency });
  const q = quarry.roundTrips / jobs;
  const b = raw.roundTrips / jobs;
  const extra = q - b;
  context.log(`line 4: ${round(q, 2)} vs ${round(b, 2)} round trips per job`);
  const extraCommands: Record<string, number> = {};
  for (const [name, n] of Object.entries(quarry.roundTripsByCommand)) {
    const diff = (n - (raw.roundTripsByCommand[name] ?? 0)) / jobs;
    if (Math.abs(diff) >= 0.01) extraCommands[name] = round(diff, 2);
  }
  return {
    id: 4,
    title: 'Redis round trips',
    metric: `round trips per job, first-attempt success, ${jobs} invoice jobs`,
    quarry: round(q, 2),
    baseline: round(b, 2),
    comparison: round(extra, 2),
    comparisonLabel: 'Quarry − BullMQ',
    target: '≤ 3',
    // Judged at the precision shown: one-off commands (a script's first load) add a few thousandths.
    status: verdict(round(extra, 2), (value) => value <= 3),
    details: {
      jobs,
      concurrency,
      extraRoundTripsByCommand: extraCommands,
      quarryRoundTripsPerJob: perJob(quarry.roundTripsByCommand, jobs),
      bullmqRoundTripsPerJob: perJob(raw.roundTripsByCommand, jobs),
      quarryCommandCallsPerJob: round(quarry.commandCalls / jobs, 2),
      bullmqCommandCallsPerJob: round(raw.commandCalls / jobs, 2),
      quarryCommandstatsPerJob: perJob(quarry.commandCallsByCommand, jobs),
      bullmqCommandstatsPerJob: perJob(raw.commandCallsByCommand, jobs),
    },
    notes: [
      'invoices only: a job whose result is flagged for review (e.g. a support ticket of low confidence) adds one transaction (the review index)',
      `extra round trips per job: ${Object.entries(extraCommands)
        .map(([name, n]) => `${name} ${n}`)
        .join(', ')}`,
      `INFO commandstats (scripts' inner commands included): Quarry ${round(quarry.commandCalls / jobs, 1)}, BullMQ ${round(raw.commandCalls / jobs, 1)} commands per job`,
    ],
  };
}
