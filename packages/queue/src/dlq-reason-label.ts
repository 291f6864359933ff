import { RefusalCategory } from '@quarry/core';
import { z } from 'zod';
import { type DlqReason, DlqReasonKind } from './dlq-reason';

/**
 * How a dead-letter reason is shown, grouped and selected: its kind, or `refused:<category>` for a
 * refusal that named a category (`refused:cyber`). A bounded set: the kinds and one label per
 * refusal category.
 */
export const DlqReasonLabel = z.enum([
  ...DlqReasonKind.options,
  ...RefusalCategory.options.map((category) => `refused:${category}` as const),
]);
export type DlqReasonLabel = z.infer<typeof DlqReasonLabel>;

/** The label of a reason: `refused:<category>` for a categorised refusal, else the kind. */
export function dlqReasonLabel(reason: Pick<DlqReason, 'kind' | 'refusalCategory'>): DlqReasonLabel {
  return reason.kind === 'refused' && reason.refusalCategory
    ? `refused:${reason.refusalCategory}`
    : reason.kind;
}

/** True when a reason selector (a kind, or a label such as `refused:cyber`) matches `reason`. */
export function reasonMatches(
  reason: Pick<DlqReason, 'kind' | 'refusalCategory'>,
  selector: DlqReasonLabel,
): boolean {
  return selector === reason.kind || selector === dlqReasonLabel(reason);
}
