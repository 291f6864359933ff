import { z } from 'zod';

/**
 * How a job's model calls are sent: `realtime` (one Messages API call each) or `batch` (collected
 * into Message Batches, billed at half price, answered within hours).
 */
export const Lane = z.enum(['realtime', 'batch']);
export type Lane = z.infer<typeof Lane>;

/** Why an attempt of a batch-lane job was sent in the realtime lane instead. */
export const LanePromotion = z.object({
  from: z.literal('batch'),
  to: z.literal('realtime'),
  /** `deadline`: the job's deadline came within the margin while the attempt waited to be collected. */
  reason: z.literal('deadline'),
});
export type LanePromotion = z.infer<typeof LanePromotion>;
