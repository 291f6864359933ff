import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';

/**
 * Bytes Redis uses for one job's hash (`MEMORY USAGE … SAMPLES 0`: every field counted), or 0
 * when the job has no hash. For measuring (`pnpm bench`), not for the hot path.
 */
export async function jobMemoryUsage(options: {
  readonly redis: Redis;
  readonly queue: Queue;
  readonly jobId: string;
}): Promise<number> {
  const bytes = await options.redis.call(
    'MEMORY',
    'USAGE',
    options.queue.toKey(options.jobId),
    'SAMPLES',
    '0',
  );
  return typeof bytes === 'number' ? bytes : 0;
}

/** The server's `used_memory` (INFO memory), in bytes. */
export async function usedMemoryBytes(redis: Redis): Promise<number> {
  const info = await redis.info('memory');
  const match = /^used_memory:(\d+)/m.exec(info);
  if (!match?.[1]) throw new Error('INFO memory has no used_memory');
  return Number(match[1]);
}
