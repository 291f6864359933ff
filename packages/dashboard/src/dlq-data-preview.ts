import { DlqRecord, dlqReasonLabel } from '@quarry/queue';

/** Characters of document text a preview shows. */
export const PREVIEW_CHARS = 500;

/** A long text replaced by its beginning and its length. */
export interface TextPreview {
  readonly preview: string;
  readonly length: number;
}

/** The beginning of a text and its length. */
export function textPreview(text: string): TextPreview {
  return { preview: text.slice(0, PREVIEW_CHARS), length: text.length };
}

/** Replaces `text` (the document, always) and any other string longer than the preview in a workflow input. */
function previewInput(value: unknown, key: string | null): unknown {
  if (typeof value === 'string')
    return key === 'text' || value.length > PREVIEW_CHARS ? textPreview(value) : value;
  if (Array.isArray(value)) return value.map((item) => previewInput(item, null));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, previewInput(v, k)]));
  }
  return value;
}

/**
 * How the dashboard shows a DLQ record: the reason and fingerprint first, then the record with the
 * document text of its job data reduced to a preview (the stored record stays intact for replay).
 * Data that is not a DLQ record is shown as it is.
 */
export function dlqDataPreview(data: unknown): unknown {
  const parsed = DlqRecord.safeParse(data);
  if (!parsed.success) return data;
  const { reason, fingerprint, input, ...rest } = parsed.data;
  const jobData =
    typeof input === 'object' && input !== null && 'input' in input
      ? { ...input, input: previewInput((input as { input: unknown }).input, null) }
      : previewInput(input, null);
  return { reason: `${dlqReasonLabel(reason)}: ${reason.message}`, fingerprint, ...rest, input: jobData };
}
