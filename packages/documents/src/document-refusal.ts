/**
 * Why a document is refused:
 * - `bad_document`: empty, not what it claims to be, truncated, encrypted or unreadable;
 * - `document_too_large`: over a limit (bytes, pages, image dimensions, decoded size, text, time);
 * - `unsupported_type`: a type the platform does not read.
 */
export type RefusalReason = 'bad_document' | 'document_too_large' | 'unsupported_type';

/** A document refused, with a message for the person who sent it (never the document's own text). */
export interface DocumentRefusal {
  readonly type: 'refused';
  readonly reason: RefusalReason;
  readonly detail: string;
}

export function refuse(reason: RefusalReason, detail: string): DocumentRefusal {
  return { type: 'refused', reason, detail };
}
