import type { OutcomeCounts } from './demo-summary';

/** Printed when a batch-lane run starts: why nothing finishes for a while. */
export const batchWaitNote =
  'Batch lane: the first attempts go out together as one batch; nothing finishes until it ends, then its answers arrive at once.';

/**
 * Under the outcome table of a batch-lane run: what the first round's numbers mean. Every first
 * attempt went out in the same batch, before any lesson existed, so each one could make the
 * workflow's recurring mistake; the realtime lane learns from its first jobs while later ones are
 * still to run.
 */
export function batchFirstRoundNote(jobs: OutcomeCounts): string {
  return [
    `Batch lane: ${jobs.completedFirstTry} of ${jobs.total} completed on the first try because every first attempt went out`,
    'in one batch before any lesson existed, so each could make the recurring mistake; the retries went out in later',
    'batches with the lessons the first round taught. Progress moves in steps, one per batch.',
  ].join('\n');
}
