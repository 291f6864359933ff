import { setTimeout as sleep } from 'node:timers/promises';
import { spawnRedis, uniquePrefix } from '@quarry/local-redis';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import type { BenchContext } from '../bench-context';
import { fillWithClient } from '../bench-jobs';
import { type LineResult, verdict } from '../bench-line';
import { readOutcomes } from '../outcomes';
import { spawnBenchWorker } from '../processes/bench-worker-process';
import { startSimulatedStandin } from '../processes/simulated-standin';
import { quarryClientFor } from '../quarry-client-for';
import { round } from '../stats';
import { TOKEN_MODEL } from '../token-sides';

/** Redis's `used_memory` in bytes. */
async function usedMemory(redis: Redis): Promise<number> {
  return Number(/used_memory:(\d+)/.exec(await redis.info('memory'))?.[1] ?? Number.NaN);
}

/** Waits until `check` holds, polling every 200 ms. @throws Error naming `what` after `timeoutMs`. */
async function until(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${timeoutMs} ms`);
    await sleep(200);
  }
}

/**
 * Line 13: N jobs through the batch lane against a stand-in whose batches take `latencyMs` to end
 * (one worker process, default batch settings but a 2 s collection wait): every job completes; the
 * time from the first enqueue to the last result; and Redis memory per waiting job, from
 * `INFO memory` on the line's own Redis before the jobs, once they wait in the queue, and once every
 * one is parked waiting on a batch.
 */
export async function batchLane(context: BenchContext): Promise<LineResult> {
  const { jobs, latencyMs, concurrency } = context.sizes.batchLane;
  const redis = await spawnRedis();
  const standin = await startSimulatedStandin({ corpus: context.corpus, batches: { delayMs: latencyMs } });
  const prefix = uniquePrefix('bench-batch');
  const client = quarryClientFor(redis.url, prefix);
  const connection = new Redis(redis.url, { maxRetriesPerRequest: null });
  const queue = new Queue('extraction', { connection, prefix });
  const dlq = new Queue('extraction-dlq', { connection, prefix });
  const worker = spawnBenchWorker({
    kind: 'quarry',
    model: 'sdk',
    redisUrl: redis.url,
    prefix,
    concurrency,
    env: {
      ANTHROPIC_BASE_URL: standin.url,
      QUARRY_MODEL: TOKEN_MODEL,
      KEEP_COMPLETED_COUNT: '1000000',
      QUARRY_DEFAULT_LANE: 'batch',
      BATCH_MAX_WAIT_MS: '2000',
      BATCH_POLL_INTERVAL_MS: '1000',
    },
  });
  try {
    await worker.ready;
    const empty = await usedMemory(connection);
    const started = Date.now();
    await fillWithClient({ client, corpus: context.corpus, run: 'batch', count: jobs });
    const queued = await usedMemory(connection);
    const timeoutMs = latencyMs + 600_000;
    await until(async () => (await queue.getDelayedCount()) >= jobs, timeoutMs, 'every job parked');
    const parkedAfterS = (Date.now() - started) / 1000;
    const parked = await usedMemory(connection);
    context.log(`line 13: ${jobs} jobs parked after ${round(parkedAfterS, 1)} s; waiting for the batch`);
    await until(
      async () => {
        const counts = await queue.getJobCounts('completed', 'failed');
        return (counts.completed ?? 0) + (counts.failed ?? 0) >= jobs;
      },
      timeoutMs,
      'every job finished',
    );
    const lastResultS = (Date.now() - started) / 1000;
    const outcomes = await readOutcomes(queue, dlq);
    const completed = outcomes.completed.length;
    const stats = await standin.stats();
    const perJob = (parked - empty) / jobs;
    const parkingPerJob = (parked - queued) / jobs;
    context.log(`line 13: ${completed}/${jobs} completed, last result after ${round(lastResultS, 1)} s`);
    return {
      id: 13,
      title: 'Batch lane at scale',
      metric: `jobs completed of ${jobs} through the batch lane, ${latencyMs / 1000} s batch latency`,
      quarry: completed,
      baseline: jobs,
      comparison: round(completed / jobs, 4),
      comparisonLabel: 'completed / enqueued',
      target: '= 1',
      status: verdict(completed / jobs, (value) => value === 1),
      details: {
        jobs,
        concurrency,
        batchLatencyMs: latencyMs,
        completed,
        billedBatchMessages: stats.billing.batch.messages,
        billedRealtimeMessages: stats.billing.realtime.messages,
        batchesCreated: stats.batches.created,
        deadLettered: outcomes.deadLettered.length,
        parkedAfterSeconds: round(parkedAfterS, 2),
        lastResultSeconds: round(lastResultS, 2),
        redisUsedMemoryBytes: { empty, queued, parked },
        redisBytesPerWaitingJob: round(perJob, 0),
        redisBytesPerJobForParking: round(parkingPerJob, 0),
      },
      notes: [
        `time to the last result ${round(lastResultS, 1)} s (every job parked after ${round(parkedAfterS, 1)} s, batch latency ${latencyMs / 1000} s)`,
        `Redis memory per waiting job: ${round(perJob / 1024, 2)} KiB in all (job, data, collector entry), of which ${round(parkingPerJob / 1024, 2)} KiB for parking it on a batch`,
      ],
    };
  } finally {
    await worker.close();
    await client.close();
    await Promise.all([queue.close(), dlq.close()]);
    await connection.quit();
    await standin.close();
    await redis.stop();
  }
}
