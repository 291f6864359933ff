import { type BatchLaneContext, wakeJobs } from './batch-lane-context';
import type { BatchOutcome } from './batch-outcome';

/** Entries looked at per tick. */
const perTick = 1000;

/**
 * Moves attempts still waiting to be collected whose job's deadline is within the margin to the
 * realtime lane: the outcome `realtime` is stored for the attempt and the job woken; its attempt
 * record then says so (`lanePromotion`). Attempts already submitted wait for their batch.
 */
export async function promoteDeadlines(context: BatchLaneContext): Promise<number> {
  const { store } = context;
  const due = await store.dueByDeadline(context.now() + context.settings.deadlineMarginMs, perTick);
  const outcome = JSON.stringify({ type: 'realtime', reason: 'deadline' } satisfies BatchOutcome);
  let moved = 0;
  for (const entry of due) {
    if (entry.owner !== '') continue;
    const jobId = await store.settle({ ref: entry.ref, owner: '', model: entry.model, outcome });
    if (!jobId) continue;
    moved += 1;
    context.log.info({ jobId, ref: entry.ref }, 'deadline near: attempt moved to the realtime lane');
    await wakeJobs(context, [jobId]);
  }
  return moved;
}
