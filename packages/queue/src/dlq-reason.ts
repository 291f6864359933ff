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
  'bad_payload',
  'unknown_workflow',
  'stalled',
  'rate_limit_loop',
  'unexpected',
]);
export type DlqReasonKind = z.infer<typeof DlqReasonKind>;

/** A dead-letter reason: its kind and a message naming the problem (never document text). */
export const DlqReason = z.object({ kind: DlqReasonKind, message: z.string() });
export type DlqReason = z.infer<typeof DlqReason>;
