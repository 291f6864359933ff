import { spawnRedis, uniquePrefix } from '@quarry/local-redis';
import { buildDlqRecord, DeadLetterWriter, openQueues } from '@quarry/queue';
import { Redis } from 'ioredis';
import type { BenchContext } from '../bench-context';
import { benchJobData } from '../bench-jobs';
import { type LineResult, notRun, verdict } from '../bench-line';
import { pool } from '../pool';
import { runQuarryCli } from '../processes/run-quarry-cli';
import { round } from '../stats';

const base = {
  id: 8,
  title: 'Replay rate',
  metric: 'replay-dlq --rate R: new jobs per second',
  comparisonLabel: 'achieved / R',
  target: '0.9 – 1.1',
} as const;

/**
 * Line 8: `quarry replay-dlq --all --rate R` over N dead-letter records; the achieved rate is read
 * from the new jobs' creation times ((N − 1) / (last − first)), so the CLI's start-up is not counted.
 */
export async function replayRate(context: BenchContext): Promise<LineResult> {
  const { entries, rate } = context.sizes.replay;
  const redis = await spawnRedis();
  const connection = new Redis(redis.url, { maxRetriesPerRequest: null });
  const prefix = uniquePrefix('bench-replay');
  const queues = openQueues({ connection, config: { prefix } });
  try {
    const writer = new DeadLetterWriter({ queue: queues.dlq, keys: queues.keys });
    const createdAt = Date.now() - 3_600_000;
    await pool(entries, 20, (i) =>
      writer.write(
        buildDlqRecord({
          job: {
            id: `bench-source-${i}`,
            timestamp: createdAt + i,
            data: benchJobData(context.corpus, 'replay', i),
            attemptsMade: 1,
          },
          reason: { kind: 'validation_exhausted', message: 'No valid reply after 3 attempts (bench seed)' },
          attempts: [],
          jobAttempts: 1,
        }),
      ),
    );
    context.log(`line 8: ${entries} DLQ records written; replaying at ${rate}/s`);
    const started = Date.now();
    const cli = await runQuarryCli(['replay-dlq', '--all', '--rate', String(rate), '--yes', '--json'], {
      REDIS_URL: redis.url,
      QUARRY_PREFIX: prefix,
    });
    const wallSeconds = (Date.now() - started) / 1000;
    if (cli.code !== 0) {
      return notRun(
        base,
        `quarry replay-dlq exited ${cli.code}: ${(cli.stderr || cli.stdout).trim().slice(0, 300)}`,
      );
    }
    const jobs = await queues.queue.getJobs(['wait', 'paused', 'delayed', 'prioritized'], 0, -1);
    const times = jobs.map((job) => job.timestamp).sort((a, b) => a - b);
    if (times.length !== entries) {
      return notRun(base, `replay-dlq added ${times.length} jobs for ${entries} records`);
    }
    const spanSeconds = ((times.at(-1) ?? 0) - (times[0] ?? 0)) / 1000;
    const achieved = (entries - 1) / spanSeconds;
    const ratio = achieved / rate;
    return {
      ...base,
      metric: `replay-dlq --rate ${rate}: new jobs per second, ${entries} records`,
      quarry: round(achieved, 1),
      baseline: rate,
      comparison: round(ratio, 3),
      status: verdict(ratio, (value) => value >= 0.9 && value <= 1.1),
      details: { entries, rate, achieved, spanSeconds, wallSeconds, wallRate: entries / wallSeconds },
      notes: [
        `wall clock including the CLI's start-up: ${round(wallSeconds, 1)} s (${round(entries / wallSeconds, 1)} records/s)`,
      ],
    };
  } finally {
    await queues.close();
    await connection.quit();
    await redis.stop();
  }
}
