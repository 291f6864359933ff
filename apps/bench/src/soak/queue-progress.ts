import { setTimeout as sleep } from 'node:timers/promises';
import type { Queue } from 'bullmq';

/** Jobs completed or failed so far; 0 while Redis does not answer. */
export async function finishedCount(queue: Queue): Promise<number> {
  try {
    const counts = await queue.getJobCounts('completed', 'failed');
    return (counts.completed ?? 0) + (counts.failed ?? 0);
  } catch {
    return 0;
  }
}

/** Waits until `count` workers are connected to `queue`. */
export async function waitForWorkers(queue: Queue, count: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while ((await queue.getWorkersCount()) < count) {
    if (Date.now() > deadline)
      throw new Error(`${count} worker processes were not ready within ${timeoutMs} ms`);
    await sleep(200);
  }
}

/**
 * What the unfinished jobs of `queue` are doing: counts by state and, for a few of them, their
 * state, attempts made, delay and age; for a soak that stopped making progress.
 */
export async function describeUnfinished(queue: Queue, sample = 5): Promise<string> {
  const counts = await queue.getJobCounts(
    'waiting',
    'active',
    'delayed',
    'paused',
    'prioritized',
    'waiting-children',
  );
  const jobs = await queue.getJobs(['active', 'waiting', 'delayed', 'paused', 'prioritized'], 0, sample - 1);
  const rateLimitTtl = await queue.getRateLimitTtl().catch(() => -3);
  const isPaused = await queue.isPaused();
  const lines = await Promise.all(
    jobs.map(async (job) => {
      const state = await job.getState();
      const age = Math.round((Date.now() - job.timestamp) / 1000);
      return `${job.id} ${state} attemptsMade=${job.attemptsMade} stalled=${job.stalledCounter} delay=${job.delay} age=${age}s processedOn=${job.processedOn ?? '-'}`;
    }),
  );
  return [`counts ${JSON.stringify(counts)} paused=${isPaused} rateLimitTtl=${rateLimitTtl}`, ...lines].join(
    '\n',
  );
}

/** Whether `promise` settles within `ms` (its outcome is not looked at). */
export async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  const timer = new AbortController();
  const settled = promise.then(
    () => true,
    () => true,
  );
  const late = sleep(ms, false, { signal: timer.signal }).catch(() => false);
  try {
    return await Promise.race([settled, late]);
  } finally {
    timer.abort();
  }
}
