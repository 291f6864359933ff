import type { ModelResponse, TransportErrorKind } from '@quarry/core';
import { z } from 'zod';

/**
 * What the batch lane stored for one attempt, written once: the reply, an error that follows the
 * realtime failure policy, or the order to send the attempt in the realtime lane.
 */
export const BatchOutcome = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('reply'),
    /** The batch that answered (absent in outcomes stored before it was kept). */
    batchId: z.string().optional(),
    response: z.custom<ModelResponse>(
      (value) =>
        typeof value === 'object' && value !== null && Array.isArray((value as ModelResponse).content),
    ),
  }),
  z.object({
    type: z.literal('error'),
    kind: z.enum(['transient', 'permanent']) satisfies z.ZodType<TransportErrorKind>,
    status: z.number().int().nullable(),
    message: z.string(),
  }),
  z.object({ type: z.literal('realtime'), reason: z.literal('deadline') }),
]);
export type BatchOutcome = z.infer<typeof BatchOutcome>;
