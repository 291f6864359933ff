import { z } from 'zod';

/** A frequent recent mistake of a workflow, shown to the model on later jobs. */
export const Lesson = z.object({
  signature: z.string(),
  /** Decayed frequency at read time. */
  score: z.number().nonnegative(),
  count: z.number().int().nonnegative(),
  /** One example message (never document text). */
  example: z.string(),
  firstSeen: z.number(),
  lastSeen: z.number(),
});
export type Lesson = z.infer<typeof Lesson>;
