import { JobOverrides } from '@quarry/queue';
import { z } from 'zod';

/**
 * What a replay may change for the replayed jobs: the workflow version (`latest` or a number; the
 * target must exist and accept the original input), the model (wins over the workflow's model) and
 * the model attempts the job may use.
 */
export const ReplayOverrides = z.strictObject({
  toVersion: z
    .union([z.literal('latest'), z.number().int().positive()], {
      error: 'must be "latest" or a positive integer',
    })
    .optional(),
  model: z.string().trim().min(1, { error: 'must be a model id' }).optional(),
  maxAttempts: JobOverrides.shape.maxAttempts,
});
export type ReplayOverrides = z.infer<typeof ReplayOverrides>;
export type ReplayOverridesInput = z.input<typeof ReplayOverrides>;
