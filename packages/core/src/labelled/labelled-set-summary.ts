import { z } from 'zod';
import { LabelledSetName } from './labelled-set-name';

/** A stored labelled set at a glance: its name, how many items, when it last changed, which workflows. */
export const LabelledSetSummary = z.object({
  name: LabelledSetName,
  items: z.number().int().nonnegative(),
  /** When an item was last put (ISO time). */
  updatedAt: z.iso.datetime(),
  /** The workflows its items name, by name, each once. */
  workflows: z.array(z.string()),
});
export type LabelledSetSummary = z.infer<typeof LabelledSetSummary>;
