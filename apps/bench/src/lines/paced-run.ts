import { setTimeout as sleep } from 'node:timers/promises';
import { spawnRedis, uniquePrefix } from '@quarry/local-redis';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import type { BenchContext } from '../bench-context';
import { fillRaw, fillWithClient } from '../bench-jobs';
import { spawnBenchWorker } from '../processes/bench-worker-process';
import { startSimulatedStandin } from '../processes/simulated-standin';
import { quarryClientFor } from '../quarry-client-for';

/** The limits the pacing line's stand-in enforces (the figures). */
export const pacingLimits = { requestsPerMinute: 600, inputTokensPerMinute: 200_000 } as const;

/** What one side of the pacing line achieved against the rate-limited stand-in. */
export interface PacedRun {
  /** Jobs completed per minute once past the warm-up (the bucket's initial burst left out). */
  readonly jobsPerMinute: number;
  /** Jobs per minute the limits allow at this side's own calls per job and uncached input per call. */
  readonly allowedPerMinute: number;
  /** Messages requests answered 429, of all received. */
  readonly rateLimitedShare: number;
  readonly requests: number;
  readonly rateLimited: number;
  readonly completed: number;
  readonly failed: number;
  readonly inputTokensPerCall: number;
  readonly callsPerJob: number;
}

/**
 * Runs `kind` worker processes (`quarry`: paced Quarry workers; `naive`: BullMQ + the SDK's own
 * retries) against a stand-in enforcing {@link pacingLimits}, with more jobs queued than the limits
 * let through, for `seconds`; counts completions between `warmupSeconds` and the end.
 */
export async function pacedRun(options: {
  readonly context: BenchContext;
  readonly kind: 'quarry' | 'naive';
  readonly processes: number;
  readonly concurrency: number;
  readonly seconds: number;
  readonly warmupSeconds: number;
  readonly latencyMs: number;
}): Promise<PacedRun> {
  const { context, kind } = options;
  const redis = await spawnRedis();
  const standin = await startSimulatedStandin({
    corpus: context.corpus,
    latency: { meanMs: options.latencyMs, jitterMs: options.latencyMs / 4 },
    rateLimits: pacingLimits,
  });
  const prefix = uniquePrefix(`bench-pacing-${kind}`);
  // More jobs than either side can get through in the run: the request limit's worth (burst included),
  // and at least a job every 2 s per slot (a naive job refused three times fails in about that long).
  const jobs = Math.max(
    Math.ceil((pacingLimits.requestsPerMinute * (options.seconds + 60)) / 60),
    Math.ceil((options.processes * options.concurrency * options.seconds) / 2),
  );
  const connection = new Redis(redis.url, { maxRetriesPerRequest: null });
  const queue = new Queue('extraction', { connection, prefix });
  const workers: ReturnType<typeof spawnBenchWorker>[] = [];
  try {
    if (kind === 'quarry') {
      const client = quarryClientFor(redis.url, prefix);
      await fillWithClient({ client, corpus: context.corpus, run: 'pacing', count: jobs });
      await client.close();
    } else {
      await fillRaw({ queue, corpus: context.corpus, run: 'pacing', count: jobs });
    }
    for (let n = 0; n < options.processes; n++) {
      workers.push(
        spawnBenchWorker({
          kind,
          model: 'sdk',
          redisUrl: redis.url,
          prefix,
          concurrency: options.concurrency,
          env: { ANTHROPIC_BASE_URL: standin.url },
        }),
      );
    }
    await Promise.all(workers.map((worker) => worker.ready));
    const completed = () => workers.reduce((sum, worker) => sum + worker.completed, 0);
    await sleep(options.warmupSeconds * 1000);
    const atWarm = completed();
    await sleep((options.seconds - options.warmupSeconds) * 1000);
    const atEnd = completed();
    const failed = workers.reduce((sum, worker) => sum + worker.failed, 0);
    const stats = await standin.stats();
    const answered = stats.billing.realtime;
    const rateLimited = stats.byStatus['429'] ?? 0;
    const inputTokensPerCall =
      answered.messages === 0
        ? 0
        : (answered.inputTokens + answered.cacheCreationInputTokens) / answered.messages;
    const done = Math.max(1, atEnd);
    const callsPerJob = Math.max(1, answered.messages / done);
    const allowedCalls = Math.min(
      pacingLimits.requestsPerMinute,
      inputTokensPerCall === 0
        ? Number.POSITIVE_INFINITY
        : pacingLimits.inputTokensPerMinute / inputTokensPerCall,
    );
    return {
      jobsPerMinute: ((atEnd - atWarm) * 60) / (options.seconds - options.warmupSeconds),
      allowedPerMinute: allowedCalls / callsPerJob,
      rateLimitedShare: stats.requests === 0 ? 0 : rateLimited / stats.requests,
      requests: stats.requests,
      rateLimited,
      completed: atEnd,
      failed,
      inputTokensPerCall,
      callsPerJob,
    };
  } finally {
    await Promise.all(workers.map((worker) => worker.close()));
    await queue.close();
    await connection.quit();
    await standin.close();
    await redis.stop();
  }
}
