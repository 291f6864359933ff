import { setTimeout as sleep } from 'node:timers/promises';
import type { RedisClient } from '@quarry/queue';

/** Options of {@link workerReadiness}: the worker's state when asked. */
export interface WorkerReadinessOptions {
  /** True once the worker is shutting down. */
  readonly stopping: boolean;
  /** True once the worker took up jobs. */
  readonly running: boolean;
  readonly connection: RedisClient;
}

/** Why the worker is not ready (draining, not started, Redis unreachable or silent for 1 s); empty when it is. */
export async function workerReadiness(options: WorkerReadinessOptions): Promise<readonly string[]> {
  const { connection } = options;
  if (options.stopping) return ['draining'];
  if (!options.running) return ['starting'];
  if (connection.status !== 'ready') return [`redis ${connection.status}`];
  const pinged = await Promise.race([
    connection.ping().then(
      () => true,
      () => false,
    ),
    sleep(1000, false),
  ]);
  return pinged ? [] : ['redis not answering'];
}
