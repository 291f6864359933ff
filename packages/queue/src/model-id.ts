import { z } from 'zod';

/** Longest model id accepted. */
export const MAX_MODEL_ID_LENGTH = 128;

/**
 * A model id as the API (or a cloud provider's copy of it) names models, e.g. `claude-sonnet-4-5`,
 * `claude-3-5-haiku@20241022`, `anthropic.claude-opus-4-1-v1:0`: letters, digits and `. _ : @ / -`,
 * starting with a letter or digit, at most 128 characters.
 */
export const ModelId = z
  .string()
  .regex(new RegExp(`^[A-Za-z0-9][A-Za-z0-9._:@/-]{0,${MAX_MODEL_ID_LENGTH - 1}}$`), {
    error: `must be a model id: letters, digits and . _ : @ / -, at most ${MAX_MODEL_ID_LENGTH} characters`,
  })
  .describe('A model id, e.g. "claude-sonnet-4-5".');
export type ModelId = z.infer<typeof ModelId>;
