import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { DirectoryBlobStore } from '@quarry/blobs';
import { spawnRedis, uniquePrefix } from '@quarry/local-redis';
import { countIndexedDlqRecords, quarryKeys } from '@quarry/queue';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { loadBenchCorpus } from '../bench-corpus';
import { pendingCount, readOutcomes } from '../outcomes';
import { startSimulatedStandin } from '../processes/simulated-standin';
import { quarryClientFor } from '../quarry-client-for';
import { chaosPlan } from './chaos-plan';
import { describeUnfinished, finishedCount, settlesWithin, waitForWorkers } from './queue-progress';
import { seededRandom } from './seeded-random';
import { accountSoak, type SoakAccounting } from './soak-accounting';
import { checkSoakBlobs } from './soak-blob-retention';
import { soakDocuments } from './soak-documents';
import { soakStandinBatches } from './soak-lane';
import type { SoakOptions } from './soak-options';
import { produceSoakJobs, type SoakProduction } from './soak-producer';
import type { ChaosRecord, SoakReport } from './soak-report';
import { soakBlobEnv, soakBlobLimits, soakWorkerEnv } from './soak-worker-env';
import { stuckWatch } from './stuck-watch';
import { type SoakWorker, spawnSoakWorker } from './worker-process';

/**
 * Runs the soak: a stand-in with mixed faults in its own process, `workers` worker processes, a
 * producer topping the queue up while they work, workers SIGKILLed (and restarted) and Redis
 * restarted at planned points; then waits for every job to finish and checks the accounting.
 */
export async function runSoak(options: SoakOptions, log: (message: string) => void): Promise<SoakReport> {
  const started = Date.now();
  const seconds = () => Math.round((Date.now() - started) / 100) / 10;
  const logDir = await mkdtemp(join(tmpdir(), 'quarry-soak-'));
  const blobDir = await mkdtemp(join(tmpdir(), 'quarry-soak-blobs-'));
  const blobs = new DirectoryBlobStore({ dir: blobDir, ...soakBlobLimits });
  const corpus = loadBenchCorpus();
  const documents = await soakDocuments(options.documentShare);
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
  const client = quarryClientFor(redis.url, prefix, blobs);
  const generations = new Map<number, number>();
  const start = (i: number): SoakWorker => {
    const generation = (generations.get(i) ?? 0) + 1;
    generations.set(i, generation);
    const env = soakWorkerEnv({
      soak: options,
      i,
      redisUrl: redis.url,
      standinUrl: standin.url,
      prefix,
      blobDir,
    });
    return spawnSoakWorker(env, join(logDir, `worker-${i}-${generation}.log`));
  };
  const workers: SoakWorker[] = Array.from({ length: options.workers }, (_, i) => start(i));
  const problems: string[] = [];
  const chaos: ChaosRecord[] = [];
  const production: SoakProduction = {
    enqueued: new Map(),
    documents: new Map(),
    puts: { created: 0, found: 0 },
  };
  const { enqueued } = production;
  let producerError: unknown = null;
  let keepLogs = true;

  const producer = produceSoakJobs({
    soak: options,
    client,
    queue,
    corpus,
    documents,
    into: production,
  }).catch((error: unknown) => {
    producerError = error;
  });

  try {
    await waitForWorkers(queue, options.workers, 60_000);
    log(`soak: ${options.workers} workers ready; ${options.jobs} jobs to go`);
    const plan = chaosPlan(options);
    const deadline = started + options.timeoutMs;
    let lastReport = 0;
    const watch = stuckWatch({ stuckMs: options.stuckMs });
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
      const verdict = watch.observe(finished);
      if (verdict.kind === 'stuck') {
        problems.push(
          `no job finished for ${verdict.idleMs} ms, with ${finished} of ${options.jobs} finished`,
        );
        break;
      }
      if (verdict.kind === 'describe') {
        const unfinished = await describeUnfinished(queue).catch(String);
        log(
          `soak: no job finished for ${Math.round(verdict.idleMs / 1000)} s; the producer enqueued ${enqueued.size}\n${unfinished}`,
        );
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
    if (!(await settlesWithin(producer, 10_000))) {
      problems.push(`the producer never returned, with ${enqueued.size} of ${options.jobs} jobs enqueued`);
    }
    log(`soak: all jobs finished in ${seconds()} s; checking the accounting`);
    await Promise.all(workers.map((worker) => worker.stop(15_000)));
    const dlq = new Queue('extraction-dlq', { connection: control, prefix });
    const stats = await standin.stats();
    const [jobs, blobAccounting] = await readOutcomes(queue, dlq)
      .then(
        async (outcomes): Promise<[SoakAccounting, SoakAccounting]> => [
          accountSoak({
            enqueued,
            outcomes,
            perDocument: stats.perDocument,
            batchAnswersPerCustomId: stats.batchAnswersPerCustomId,
          }),
          // Then retention and the blob garbage collection, which remove the jobs just read.
          await checkSoakBlobs({
            redis: control,
            queue,
            dlq,
            keys,
            store: blobs,
            env: { REDIS_URL: redis.url, QUARRY_PREFIX: prefix, ...soakBlobEnv(blobDir) },
            production,
            deadLettered: new Set(outcomes.deadLettered.map((record) => record.sourceJobId)),
          }),
        ],
      )
      .finally(() => dlq.close());
    const accounting = {
      rows: [...jobs.rows, ...blobAccounting.rows],
      discrepancies: [...jobs.discrepancies, ...blobAccounting.discrepancies],
    };
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
    await settlesWithin(producer, 10_000);
    await client.close();
    await queue.close();
    control.disconnect();
    await standin.close();
    await redis.stop();
    await rm(blobDir, { recursive: true, force: true }).catch(() => undefined);
    if (!keepLogs) await rm(logDir, { recursive: true, force: true }).catch(() => undefined);
  }
}
