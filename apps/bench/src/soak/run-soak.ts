import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { RedisUnavailableError } from '@quarry/client';
import { spawnRedis, uniquePrefix } from '@quarry/local-redis';
import { countIndexedDlqRecords, quarryKeys } from '@quarry/queue';
import type { StandinStats } from '@quarry/standin';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { loadBenchCorpus } from '../bench-corpus';
import { benchJobData, referenceOf } from '../bench-jobs';
import { pendingCount, readOutcomes } from '../outcomes';
import { startSimulatedStandin } from '../processes/simulated-standin';
import { quarryClientFor } from '../quarry-client-for';
import { type ChaosEvent, chaosPlan } from './chaos-plan';
import { seededRandom } from './seeded-random';
import { accountSoak, type SoakAccounting } from './soak-accounting';
import { laneOfJob, soakBatchEnv, soakStandinBatches } from './soak-lane';
import type { SoakOptions } from './soak-options';
import { type SoakWorker, spawnSoakWorker } from './worker-process';

/** A disruption as it happened. */
interface ChaosRecord extends ChaosEvent {
  /** Share of jobs finished when it happened. */
  readonly progress: number;
  readonly atSeconds: number;
  /** The worker killed, for a kill. */
  readonly worker?: number;
}

/** What a soak run did and whether everything adds up. */
export interface SoakReport {
  readonly options: SoakOptions;
  readonly seconds: number;
  readonly chaos: readonly ChaosRecord[];
  readonly accounting: SoakAccounting;
  /** Problems outside the accounting (a planned disruption that never happened, a timeout). */
  readonly problems: readonly string[];
  readonly standin: Pick<StandinStats, 'byStatus' | 'faults' | 'simulation' | 'aborted'> & {
    readonly batches: StandinStats['batches'];
  };
  /** Where the worker logs are (kept when the run failed). */
  readonly logDir: string | null;
}

const CHUNK = 250;

/**
 * Runs the soak: a stand-in with mixed faults in its own process, `workers` worker processes, a
 * producer topping the queue up while they work, workers SIGKILLed (and restarted) and Redis
 * restarted at planned points; then waits for every job to finish and checks the accounting.
 */
export async function runSoak(options: SoakOptions, log: (message: string) => void): Promise<SoakReport> {
  const started = Date.now();
  const seconds = () => Math.round((Date.now() - started) / 100) / 10;
  const logDir = await mkdtemp(join(tmpdir(), 'quarry-soak-'));
  const corpus = loadBenchCorpus();
  const random = seededRandom(options.seed);
  const redis = await spawnRedis({ appendOnly: true, args: ['--appendfsync', 'everysec'] });
  const standin = await startSimulatedStandin({
    corpus,
    mistakes: { rate: options.invalidFirst + options.alwaysInvalid, unfixableRate: options.alwaysInvalid },
    faults: options.faults,
    latency: { meanMs: options.latency.meanMs, jitterMs: options.latency.jitterMs },
    seed: options.seed,
    ...(options.lane === 'realtime' ? {} : { batches: soakStandinBatches(options.batch) }),
  });
  const prefix = uniquePrefix('soak');
  const keys = quarryKeys({ prefix });
  const control = new Redis(redis.url, { maxRetriesPerRequest: null });
  control.on('error', () => {});
  const queue = new Queue('extraction', { connection: control, prefix });
  queue.on('error', () => {});
  const client = quarryClientFor(redis.url, prefix);
  const env = (i: number): Record<string, string> => ({
    REDIS_URL: redis.url,
    ANTHROPIC_API_KEY: 'soak',
    ANTHROPIC_BASE_URL: standin.url,
    QUARRY_PREFIX: prefix,
    WORKER_NAME: `soak-${i}`,
    WORKER_CONCURRENCY: String(options.concurrency),
    BACKOFF_BASE_MS: '100',
    BACKOFF_CAP_MS: '1000',
    RATE_LIMIT_PAUSE_MS: '100',
    LOCK_DURATION_MS: String(options.lockDurationMs),
    STALLED_INTERVAL_MS: String(options.stalledIntervalMs),
    RECONCILE_INTERVAL_MS: '2000',
    RECONCILE_GRACE_MS: '3000',
    KEEP_COMPLETED_COUNT: '100000000',
    SHUTDOWN_GRACE_MS: '5000',
    LOG_LEVEL: 'warn',
    ...(options.lane === 'realtime' ? {} : soakBatchEnv(options.batch)),
  });
  const generations = new Map<number, number>();
  const start = (i: number): SoakWorker => {
    const generation = (generations.get(i) ?? 0) + 1;
    generations.set(i, generation);
    return spawnSoakWorker(env(i), join(logDir, `worker-${i}-${generation}.log`));
  };
  const workers: SoakWorker[] = Array.from({ length: options.workers }, (_, i) => start(i));
  const problems: string[] = [];
  const chaos: ChaosRecord[] = [];
  const enqueued = new Map<string, string>();
  let producerError: unknown = null;
  let keepLogs = true;

  const producer = (async () => {
    for (let from = 0; from < options.jobs; ) {
      const waiting = await queue.getWaitingCount().catch(() => Number.POSITIVE_INFINITY);
      if (waiting >= options.backlog) {
        await sleep(100);
        continue;
      }
      const count = Math.min(CHUNK, options.jobs - from);
      const requests = Array.from({ length: count }, (_, k) => {
        const data = benchJobData(corpus, 'soak', from + k);
        return {
          workflow: data.workflow,
          input: data.input,
          options: {
            version: data.version,
            idempotencyKey: referenceOf('soak', from + k),
            lane: laneOfJob(options.lane, from + k),
          },
        };
      });
      try {
        const jobs = await client.enqueueMany(requests);
        for (const [k, job] of jobs.entries()) enqueued.set(job.jobId, referenceOf('soak', from + k));
        from += count;
      } catch (error) {
        // Redis is restarting: the same idempotency keys make the retry safe.
        if (!(error instanceof RedisUnavailableError)) throw error;
        await sleep(250);
      }
    }
  })().catch((error: unknown) => {
    producerError = error;
  });

  try {
    await waitForWorkers(queue, options.workers, 60_000);
    log(`soak: ${options.workers} workers ready; ${options.jobs} jobs to go`);
    const plan = chaosPlan(options);
    const deadline = started + options.timeoutMs;
    let lastReport = 0;
    for (;;) {
      if (producerError) throw producerError;
      const finished = await finishedCount(queue);
      const progress = finished / options.jobs;
      const next = plan[chaos.length];
      if (next && progress >= next.at) {
        if (next.kind === 'kill-worker') {
          const victim = Math.floor(random() * workers.length);
          log(`soak: ${Math.round(progress * 100)} % done, SIGKILL worker ${victim}`);
          await workers[victim]?.kill();
          await sleep(500);
          workers[victim] = start(victim);
          chaos.push({ ...next, progress, atSeconds: seconds(), worker: victim });
        } else {
          log(`soak: ${Math.round(progress * 100)} % done, restarting Redis`);
          await redis.restart();
          chaos.push({ ...next, progress, atSeconds: seconds() });
        }
        continue;
      }
      if (enqueued.size === options.jobs && finished >= options.jobs && (await pendingCount(queue)) === 0) {
        // The reconciler writes DLQ records for failures no worker could record (e.g. stalled too often).
        const failed = await queue.getFailedCount();
        if ((await countIndexedDlqRecords({ redis: control, keys })) >= failed) break;
      }
      if (Date.now() > deadline) {
        problems.push(
          `timed out after ${options.timeoutMs} ms with ${finished} of ${options.jobs} jobs finished`,
        );
        break;
      }
      if (Date.now() - lastReport > 10_000) {
        lastReport = Date.now();
        log(`soak: ${finished}/${options.jobs} finished (${seconds()} s)`);
      }
      await sleep(250);
    }
    for (const event of plan.slice(chaos.length)) {
      problems.push(`the planned ${event.kind} at ${Math.round(event.at * 100)} % never happened`);
    }
    await producer;
    log(`soak: all jobs finished in ${seconds()} s; checking the accounting`);
    await Promise.all(workers.map((worker) => worker.stop(15_000)));
    const dlq = new Queue('extraction-dlq', { connection: control, prefix });
    const outcomes = await readOutcomes(queue, dlq).finally(() => dlq.close());
    const stats = await standin.stats();
    const accounting = accountSoak({
      enqueued,
      outcomes,
      perDocument: stats.perDocument,
      batchAnswersPerCustomId: stats.batchAnswersPerCustomId,
    });
    keepLogs = problems.length > 0 || accounting.discrepancies.length > 0;
    return {
      options,
      seconds: seconds(),
      chaos,
      accounting,
      problems,
      standin: {
        byStatus: stats.byStatus,
        faults: stats.faults,
        simulation: stats.simulation,
        aborted: stats.aborted,
        batches: stats.batches,
      },
      logDir: keepLogs ? logDir : null,
    };
  } finally {
    await Promise.all(workers.map((worker) => worker.kill()));
    await producer;
    await client.close();
    await queue.close();
    control.disconnect();
    await standin.close();
    await redis.stop();
    if (!keepLogs) await rm(logDir, { recursive: true, force: true }).catch(() => undefined);
  }
}

async function finishedCount(queue: Queue): Promise<number> {
  try {
    const counts = await queue.getJobCounts('completed', 'failed');
    return (counts.completed ?? 0) + (counts.failed ?? 0);
  } catch {
    return 0;
  }
}

async function waitForWorkers(queue: Queue, count: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while ((await queue.getWorkersCount()) < count) {
    if (Date.now() > deadline)
      throw new Error(`${count} worker processes were not ready within ${timeoutMs} ms`);
    await sleep(200);
  }
}
