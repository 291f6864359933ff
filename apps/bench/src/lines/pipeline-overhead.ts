import { spawnRedis, uniquePrefix } from '@quarry/local-redis';
import type { BenchContext } from '../bench-context';
import { fillRaw, fillWithClient } from '../bench-jobs';
import { type LineResult, verdict } from '../bench-line';
import { drain } from '../drain';
import { quarryClientFor } from '../quarry-client-for';
import { redisPid } from '../redis-pid';
import { median, round } from '../stats';
import { workerMicrosPerJob } from './io-bound';

const medianOf = (values: readonly (number | null)[]): number | string => {
  const known = values.filter((value): value is number => value !== null);
  return known.length === values.length ? Math.round(median(known)) : '?';
};

/**
 * Line 1: raw BullMQ with a no-op processor vs the Quarry worker with an in-process model that
 * answers the truth at once, same jobs, same concurrency, each in its own process on its own Redis.
 * Rounds alternate the two; the medians are compared.
 */
export async function pipelineOverhead(context: BenchContext): Promise<LineResult> {
  const { jobs, concurrency, rounds } = context.sizes.overhead;
  const raw: number[] = [];
  const quarry: number[] = [];
  const cores: Record<string, unknown>[] = [];
  const micros: { quarry: number | null; bullmq: number | null }[] = [];
  for (let round_ = 1; round_ <= rounds; round_ += 1) {
    const redis = await spawnRedis();
    try {
      const rawPrefix = uniquePrefix('bench-raw');
      const rawRun = await drain({
        redisUrl: redis.url,
        prefix: rawPrefix,
        jobs,
        fill: (queue) => fillRaw({ queue, corpus: context.corpus, run: 'raw', count: jobs }),
        workers: [{ kind: 'raw', redisUrl: redis.url, prefix: rawPrefix, concurrency }],
        cpuOf: { redis: await redisPid(redis.url) },
      });
      raw.push(rawRun.jobsPerSecond);
      const prefix = uniquePrefix('bench-quarry');
      const client = quarryClientFor(redis.url, prefix);
      try {
        const quarryRun = await drain({
          redisUrl: redis.url,
          prefix,
          jobs,
          fill: async () => {
            await fillWithClient({ client, corpus: context.corpus, run: 'overhead', count: jobs });
          },
          workers: [{ kind: 'quarry', model: 'instant', redisUrl: redis.url, prefix, concurrency }],
          cpuOf: { redis: await redisPid(redis.url) },
        });
        quarry.push(quarryRun.jobsPerSecond);
        cores.push({ bullmq: rawRun.cores, quarry: quarryRun.cores });
        micros.push({ quarry: workerMicrosPerJob(quarryRun), bullmq: workerMicrosPerJob(rawRun) });
      } finally {
        await client.close();
      }
      context.log(
        `line 1 round ${round_}/${rounds}: BullMQ ${round(raw.at(-1) ?? 0, 0)} jobs/s, Quarry ${round(quarry.at(-1) ?? 0, 0)} jobs/s; cores ${JSON.stringify(cores.at(-1))}`,
      );
    } finally {
      await redis.stop();
    }
  }
  const q = median(quarry);
  const b = median(raw);
  const ratio = q / b;
  return {
    id: 1,
    title: 'Pipeline overhead',
    metric: `jobs/s, ${jobs} jobs, concurrency ${concurrency}, instant model`,
    quarry: round(q, 0),
    baseline: round(b, 0),
    comparison: round(ratio, 3),
    comparisonLabel: 'Quarry / BullMQ',
    target: '≥ 0.85',
    status: verdict(ratio, (value) => value >= 0.85),
    details: {
      jobs,
      concurrency,
      rounds,
      quarryJobsPerSecond: quarry,
      bullmqJobsPerSecond: raw,
      cores,
      workerMicrosPerJob: micros,
    },
    notes: [
      `medians of ${rounds} alternating round${rounds === 1 ? '' : 's'}; each round on a fresh redis-server`,
      `worker CPU per job (median): Quarry ${medianOf(micros.map((m) => m.quarry))} µs, BullMQ ${medianOf(micros.map((m) => m.bullmq))} µs`,
    ],
  };
}
