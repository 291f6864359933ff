import { z } from 'zod';

/**
 * A shipped sample document with its true output. `text` is the job input's `text`; `truth` is what a
 * correct extraction returns, valid against the workflow's output schema and rules.
 */
export const Sample = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/, { error: 'sample id must be lower-case letters, digits and dashes' }),
  workflow: z.string().min(1),
  version: z.number().int().positive(),
  text: z.string().min(1),
  truth: z.unknown(),
});

/** A sample whose truth has the workflow's output type. */
export type Sample<Truth = unknown> = Omit<z.infer<typeof Sample>, 'truth'> & { truth: Truth };
