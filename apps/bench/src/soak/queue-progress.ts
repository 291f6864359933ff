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
