import { getTestRedis, type TestRedis } from '@quarry/test-redis';
import { afterAll, afterEach, beforeAll } from 'vitest';
import {
  createHarness,
  type HarnessOptions,
  spawnWorkerProcess,
  type WorkerHarness,
  type WorkerProcess,
} from '../worker-test-harness';

/** What a test file gets from {@link useWorkerHarness}; everything it starts is stopped after each test. */
export interface WorkerTestBed {
  /** A harness on the shared test Redis. */
  harness(options?: Omit<HarnessOptions, 'redisUrl'>): Promise<WorkerHarness>;
  /** A worker process (`spawnWorkerProcess`), killed with SIGKILL if still running. */
  spawnWorker(env: Readonly<Record<string, string>>): WorkerProcess;
}

/**
 * Registers the hooks of a worker test file on the shared test Redis: the Redis is opened before the
 * file's tests and stopped after them; after each test, the worker processes spawned are killed and
 * the harness (workers, client, stand-in, keys) is closed.
 */
export function useWorkerHarness(): WorkerTestBed {
  let testRedis: TestRedis | undefined;
  let harness: WorkerHarness | undefined;
  let processes: WorkerProcess[] = [];

  beforeAll(async () => {
    testRedis = await getTestRedis();
  });
  afterEach(async () => {
    for (const worker of processes) worker.child.kill('SIGKILL');
    await Promise.all(processes.map((worker) => worker.exited));
    processes = [];
    await harness?.close();
    harness = undefined;
  });
  afterAll(async () => {
    await testRedis?.stop();
  });

  return {
    async harness(options = {}) {
      if (!testRedis)
        throw new Error('useWorkerHarness: the test Redis is not open yet (call it inside a test)');
      harness = await createHarness({ ...options, redisUrl: testRedis.url });
      return harness;
    },
    spawnWorker(env) {
      const worker = spawnWorkerProcess(env);
      processes.push(worker);
      return worker;
    },
  };
}
