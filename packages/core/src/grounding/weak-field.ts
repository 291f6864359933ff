import { z } from 'zod';

/**
 * A grounded value of an accepted result that a person should look at: its confidence is below the
 * field's `reviewBelow`, or (with `check`) the value itself failed grounding.
 */
export const WeakField = z.object({
  /** Concrete path (`lineItems[0].amount`). */
  path: z.string().min(1),
  /** 0–1, two decimals. */
  confidence: z.number().min(0).max(1),
  /** The field's threshold; null when it has none and the value failed grounding. */
  reviewBelow: z.number().min(0).max(1).nullable(),
  /** What lowered it, e.g. `fuzzy match, failed grounding in 1 earlier attempt`. */
  reason: z.string(),
});
export type WeakField = z.infer<typeof WeakField>;
