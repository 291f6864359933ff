import type { Logger } from 'pino';
import type { Reconciler } from './create-reconciler';
import { describeError } from './describe-error';
import type { HealthServer } from './metrics/health-server';
import type { WorkerConfig } from './worker-config';

/** Options of {@link announceWorkerReady}. */
export interface AnnounceWorkerReadyOptions {
  /** Resolves once the worker took up jobs and its health server listens. */
  readonly ready: Promise<void>;
  readonly config: WorkerConfig;
  readonly http: Promise<HealthServer | null>;
  readonly reconciler: Pick<Reconciler, 'sweepQuietly'>;
  readonly log: Logger;
}

/** Once the worker is ready, logs `worker ready` with its settings and runs a first DLQ sweep; logs why it could not start otherwise. */
export function announceWorkerReady(options: AnnounceWorkerReadyOptions): void {
  const { config, log } = options;
  options.ready.then(
    async () => {
      log.info(
        {
          queue: config.queue.queueName,
          prefix: config.queue.prefix,
          concurrency: config.concurrency,
          redisUrl: config.redisUrl,
          history: config.queue.history.enabled,
          model: config.model,
          metrics: (await options.http)?.url ?? null,
        },
        'worker ready',
      );
      options.reconciler.sweepQuietly();
    },
    (error: unknown) => log.error({ error: describeError(error) }, 'worker could not start'),
  );
}
