import { test } from '@quarry/testing';
import {
  createHarness,
  type HarnessOptions,
  spawnWorkerProcess,
  type WorkerHarness,
  type WorkerProcess,
} from '../worker-test-harness';

/** What a test gets as `testBed`; everything it starts is stopped after the test. */
export interface WorkerTestBed {
  /** A harness on the shared test Redis. */
  harness(options?: Omit<HarnessOptions, 'redisUrl'>): Promise<WorkerHarness>;
  /** A worker process (`spawnWorkerProcess`), killed with SIGKILL if still running. */
  spawnWorker(env: Readonly<Record<string, string>>): WorkerProcess;
}

/**
 * The test kit's `it` with a `testBed` fixture on the shared test Redis: after each test, the worker
 * processes spawned are killed and the harness (workers, client, stand-in, keys) is closed.
 */
export const it = test.extend('testBed', ({ redisUrl, processes }, { onCleanup }): WorkerTestBed => {
  const harnesses: WorkerHarness[] = [];
  onCleanup(async () => {
    await processes.killAll();
    await Promise.all(harnesses.map((harness) => harness.close()));
  });
  return {
    async harness(options = {}) {
      const harness = await createHarness({ ...options, redisUrl });
      harnesses.push(harness);
      return harness;
    },
    spawnWorker: (env) => spawnWorkerProcess({ env, processes }),
  };
});
