import { createQuarryClient, type QuarryClient } from '@quarry/client';
import { type Standin, type StandinOptions, startStandin } from '@quarry/standin';
import { createWorker, loadWorkerConfig, type QuarryWorker } from '@quarry/worker';
import { defaultRegistry } from '@quarry/workflows';

/** A stand-in, a worker answered by it and a client, on one key prefix. */
export interface WorkerStack {
  readonly standin: Standin;
  readonly worker: QuarryWorker;
  readonly client: QuarryClient;
  /** The CLI's environment: `REDIS_URL`, `QUARRY_PREFIX` and the `env` asked for. */
  readonly env: Record<string, string>;
  /** Closes the client, the worker and the stand-in. */
  close(): Promise<void>;
}

/**
 * Test fixture: starts a stand-in with `standin`, a worker on it (key `test-key`, silent logs, then
 * `workerEnv`; `logger` replaces the silent one) and a client polling at most every 100 ms.
 */
export async function startWorkerStack(options: {
  readonly redisUrl: string;
  readonly prefix: string;
  readonly standin: StandinOptions;
  readonly env?: Record<string, string>;
  readonly workerEnv?: Record<string, string>;
  readonly logger?: Parameters<typeof createWorker>[0]['logger'];
}): Promise<WorkerStack> {
  const { redisUrl, prefix } = options;
  const standin = await startStandin(options.standin);
  const env = { REDIS_URL: redisUrl, QUARRY_PREFIX: prefix, ...options.env };
  const worker = createWorker({
    config: loadWorkerConfig({
      ...env,
      ANTHROPIC_API_KEY: 'test-key',
      ANTHROPIC_BASE_URL: standin.url,
      LOG_LEVEL: 'silent',
      ...options.workerEnv,
    }),
    registry: defaultRegistry(),
    ...(options.logger ? { logger: options.logger } : {}),
  });
  await worker.waitUntilReady();
  const client = createQuarryClient({
    redisUrl,
    registry: defaultRegistry(),
    config: { prefix },
    maxPollIntervalMs: 100,
  });
  return {
    standin,
    worker,
    client,
    env,
    async close() {
      await client.close();
      await worker.close({ graceMs: 1000 });
      await standin.close();
    },
  };
}
