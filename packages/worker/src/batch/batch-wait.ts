import { z } from 'zod';

/**
 * The progress of a parked batch-lane job, shown by `getStatus` and bull-board: it waits to be
 * collected into a batch, or on batch `batchId`.
 */
export const BatchWait = z.object({
  lane: z.literal('batch'),
  waitingOn: z.union([z.literal('collection'), z.object({ batchId: z.string() })]),
});
export type BatchWait = z.infer<typeof BatchWait>;

/** The progress of a job waiting on `batchId`, or to be collected when null. */
export const batchWait = (batchId: string | null): BatchWait => ({
  lane: 'batch',
  waitingOn: batchId === null ? 'collection' : { batchId },
});
