import type { QuarryClient } from '@quarry/client';
import { spawnRedis, uniquePrefix } from '@quarry/local-redis';
import { quarryKeys, TenantStore } from '@quarry/queue';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import type { BenchContext } from '../bench-context';
import { type BenchWorkerProcess, spawnBenchWorker } from '../processes/bench-worker-process';
import { type SimulatedStandinOptions, startSimulatedStandin } from '../processes/simulated-standin';
import type { StandinProcess } from '../processes/standin-process';
import { quarryClientFor } from '../quarry-client-for';
import { RUN_PATTERN } from './tenant-jobs';

/** A Redis, a stand-in counting per run, a producer client and the tenant store of one side of a line. */
export interface TenantRig {
  readonly standin: StandinProcess;
  readonly client: QuarryClient;
  readonly queue: Queue;
  readonly store: TenantStore;
  readonly workers: readonly BenchWorkerProcess[];
  /** Starts `processes` Quarry worker processes (model through the SDK) and waits until they are ready. */
  startWorkers(options: {
    readonly processes: number;
    readonly concurrency: number;
    readonly tenantClockMs?: number;
    /** More of the workers' configuration (e.g. `QUARRY_MODEL`). */
    readonly env?: Readonly<Record<string, string>>;
  }): Promise<readonly BenchWorkerProcess[]>;
  /** Jobs completed, over every worker process. */
  completed(): number;
  close(): Promise<void>;
}

/** Sets up a side of a tenant line: its own redis-server and stand-in process (documents named by run). */
export async function startTenantRig(options: {
  readonly context: BenchContext;
  readonly name: string;
  readonly standin: Omit<SimulatedStandinOptions, 'corpus'>;
}): Promise<TenantRig> {
  const redis = await spawnRedis();
  const standin = await startSimulatedStandin({
    ...options.standin,
    corpus: options.context.corpus,
    documentKey: RUN_PATTERN,
  });
  const prefix = uniquePrefix(`bench-${options.name}`);
  const connection = new Redis(redis.url, { maxRetriesPerRequest: null });
  const queue = new Queue('extraction', { connection, prefix });
  const store = new TenantStore({ redis: connection, keys: quarryKeys({ prefix }), queue });
  const client = quarryClientFor(redis.url, prefix);
  const workers: BenchWorkerProcess[] = [];
  return {
    standin,
    client,
    queue,
    store,
    workers,
    async startWorkers(spec) {
      const started = Array.from({ length: spec.processes }, () =>
        spawnBenchWorker({
          kind: 'quarry',
          model: 'sdk',
          redisUrl: redis.url,
          prefix,
          concurrency: spec.concurrency,
          env: { ...spec.env, ANTHROPIC_BASE_URL: standin.url },
          ...(spec.tenantClockMs === undefined ? {} : { tenantClockMs: spec.tenantClockMs }),
        }),
      );
      workers.push(...started);
      await Promise.all(started.map((worker) => worker.ready));
      return started;
    },
    completed: () => workers.reduce((sum, worker) => sum + worker.completed, 0),
    async close() {
      await Promise.all(workers.map((worker) => worker.close()));
      await client.close();
      await queue.close();
      await connection.quit();
      await standin.close();
      await redis.stop();
    },
  };
}
