import { z } from 'zod';

/** The form of a labelled set's name: 1–64 letters, digits, `-`, `_` or `.`. */
export const LABELLED_SET_NAME_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;

/** The name of a labelled set, e.g. `invoices-2025` or `reviewed-invoice`. */
export const LabelledSetName = z
  .string({ error: 'must be a set name: 1-64 letters, digits, "-", "_" or "."' })
  .regex(LABELLED_SET_NAME_PATTERN, { error: 'must be a set name: 1-64 letters, digits, "-", "_" or "."' })
  .describe('A labelled set: 1-64 letters, digits, "-", "_" or ".".');
export type LabelledSetName = z.infer<typeof LabelledSetName>;

/** The set corrections from review of `workflow`'s jobs go to: `reviewed-<workflow>`. */
export function reviewedSetName(workflow: string): string {
  return `reviewed-${workflow}`;
}
