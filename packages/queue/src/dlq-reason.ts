import { RefusalCategory } from '@quarry/core';
import { scrubSecrets } from '@quarry/env';
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
  'bad_document',
  'document_too_large',
  'unknown_workflow',
  'stalled',
  'rate_limit_loop',
  'split_child_failed',
  'tenant_budget_exhausted',
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

/** Characters of a reason message kept in a DLQ record. */
export const dlqReasonMaxChars = 2000;

/**
 * A reason message as a DLQ record stores it: secrets removed (API keys, URL credentials, bearer
 * tokens), control and format characters turned into spaces, at most {@link dlqReasonMaxChars}
 * characters (`…` marks a cut). Messages can carry text from outside (an error raised by a library
 * or an upstream service); the record is shown to viewers, so it never carries a secret.
 */
export function dlqReasonMessage(message: string): string {
  const clean = scrubSecrets(message).replace(/[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}]/gu, ' ');
  const characters = Array.from(clean);
  return characters.length > dlqReasonMaxChars
    ? `${characters.slice(0, dlqReasonMaxChars - 1).join('')}…`
    : clean;
}
