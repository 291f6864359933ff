import { DlqReasonLabel } from '@quarry/queue';
import { z } from 'zod';

/**
 * Which DLQ records an operation applies to. Every given selector must match (AND); `all` matches
 * every record and is how a replay of the whole DLQ is asked for explicitly.
 */
export const DlqSelectors = z
  .strictObject({
    /** These DLQ ids (each must exist). */
    ids: z.array(z.string().min(1)).min(1).optional(),
    fingerprint: z.string().min(1).optional(),
    workflow: z.string().min(1).optional(),
    /** Only with `workflow`. */
    version: z.number().int().positive().optional(),
    /** A reason kind (`refused` matches every refusal) or a label such as `refused:cyber`. */
    reason: DlqReasonLabel.optional(),
    /** Dead-lettered at or after this instant. */
    since: z.date().optional(),
    /** Dead-lettered at or before this instant. */
    until: z.date().optional(),
    /** At most this many records, newest first. */
    limit: z.number().int().positive().optional(),
    all: z.boolean().optional(),
  })
  .superRefine((selectors, context) => {
    if (selectors.version !== undefined && selectors.workflow === undefined) {
      context.addIssue({ code: 'custom', path: ['version'], message: 'needs a workflow selector' });
    }
    if (selectors.since && selectors.until && selectors.since > selectors.until) {
      context.addIssue({
        code: 'custom',
        path: ['until'],
        message: `must not be before since (${selectors.since.toISOString()} > ${selectors.until.toISOString()})`,
      });
    }
  });
export type DlqSelectors = z.infer<typeof DlqSelectors>;

/** True when the selectors narrow the records down (or ask for all of them explicitly); `limit` alone does not. */
export function isExplicitSelection(selectors: DlqSelectors): boolean {
  return (
    selectors.all === true ||
    selectors.ids !== undefined ||
    selectors.fingerprint !== undefined ||
    selectors.workflow !== undefined ||
    selectors.reason !== undefined ||
    selectors.since !== undefined ||
    selectors.until !== undefined
  );
}
