import type { WorkflowRegistry } from '@quarry/core';
import { RedisSelfCheckError } from '@quarry/queue';
import {
  createWorker,
  loadWorkerConfig,
  type QuarryWorker,
  RetiredModelError,
  type WorkerConfig,
} from '@quarry/worker';
import type { Logger } from 'pino';
import type { DemoConfig } from './demo-config';

/** `--lane batch`: a batch is submitted half a second after its first attempt waits, polled every 250 ms. */
const demoBatchSettings = { BATCH_MAX_WAIT_MS: '500', BATCH_POLL_INTERVAL_MS: '250' } as const;

/** A started worker and its configuration, or why it refused to start. */
export type DemoWorker =
  | { readonly ok: true; readonly worker: QuarryWorker; readonly config: WorkerConfig }
  | { readonly ok: false; readonly problem: string };

/**
 * Starts the run's worker on `prefix`: the stand-in's URL (null with `--live`), the demo's retry
 * settings, the blob directory of PDF runs. A worker that refuses to start (an unsafe Redis, a
 * retired model) is a problem to show; `onCleanup` gets its close either way.
 */
export async function startDemoWorker(options: {
  readonly config: DemoConfig;
  /** The workflows it serves: the shipped ones and those of `QUARRY_WORKFLOWS`. */
  readonly registry: WorkflowRegistry;
  readonly redisUrl: string;
  readonly standinUrl: string | null;
  readonly blobDir: string | null;
  readonly prefix: string;
  readonly runId: string;
  readonly logger: Logger;
  readonly onCleanup: (cleanup: () => Promise<unknown>) => void;
}): Promise<DemoWorker> {
  const { args, env } = options.config;
  const config = loadWorkerConfig({
    REDIS_URL: options.redisUrl,
    ANTHROPIC_API_KEY: args.live ? env.ANTHROPIC_API_KEY : 'demo-standin-key',
    ...(options.standinUrl ? { ANTHROPIC_BASE_URL: options.standinUrl } : {}),
    ...(env.QUARRY_MODEL ? { QUARRY_MODEL: env.QUARRY_MODEL } : {}),
    ...(env.QUARRY_MODELS_FILE ? { QUARRY_MODELS_FILE: env.QUARRY_MODELS_FILE } : {}),
    ...(options.blobDir ? { QUARRY_BLOB_DIR: options.blobDir } : {}),
    QUARRY_PREFIX: options.prefix,
    WORKER_NAME: `quarry-demo-${options.runId}`,
    WORKER_CONCURRENCY: String(env.DEMO_CONCURRENCY),
    JOB_ATTEMPTS: '4',
    BACKOFF_BASE_MS: '300',
    BACKOFF_CAP_MS: '3000',
    SHUTDOWN_GRACE_MS: '3000',
    LOG_LEVEL: env.LOG_LEVEL,
    METRICS_PORT: '0',
    ...(args.lane === 'batch' ? demoBatchSettings : {}),
  });
  const worker = createWorker({ config, logger: options.logger, registry: options.registry });
  options.onCleanup(() => worker.close({ graceMs: 3000 }));
  try {
    await worker.waitUntilReady();
  } catch (error) {
    if (!(error instanceof RedisSelfCheckError || error instanceof RetiredModelError)) throw error;
    return { ok: false, problem: error.message };
  }
  return { ok: true, worker, config };
}
