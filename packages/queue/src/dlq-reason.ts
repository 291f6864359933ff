import { RefusalCategory } from '@quarry/core';
import { z } from 'zod';

/**
 * Why a job was dead-lettered. The core failure policy's kinds, plus `stalled` (the job stalled more
 * often than BullMQ's `maxStalledCount` allows, so no processor saw it fail).
 */
export const DlqReasonKind = z.enum([
  'validation_exhausted',
  'no_progress',
  'budget_exhausted',
  'refused',
  'fatal_rule',
  'permanent',
  'transient_exhausted',
  'invalid_payload',
  'unknown_workflow',
  'stalled',
  'rate_limit_loop',
  'unexpected',
]);
export type DlqReasonKind = z.infer<typeof DlqReasonKind>;

/**
 * A dead-letter reason: its kind, a message naming the problem (never document text), and for a
 * refusal the category the model named (see `dlqReasonLabel`).
 */
export const DlqReason = z.object({
  kind: DlqReasonKind,
  message: z.string(),
  refusalCategory: RefusalCategory.optional(),
});
export type DlqReason = z.infer<typeof DlqReason>;
