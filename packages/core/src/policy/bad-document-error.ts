/**
 * A job's document that cannot be sent to the model: not what it claims to be, damaged, encrypted
 * (`bad_document`), or over a platform limit such as the pages per PDF (`document_too_large`, the
 * message naming the count). Retrying cannot fix it, so the failure policy dead-letters it with its
 * kind, before any model call. The message never quotes the document.
 */
export class BadDocumentError extends Error {
  override readonly name = 'BadDocumentError';
  readonly kind: 'bad_document' | 'document_too_large';

  constructor(options: { kind: 'bad_document' | 'document_too_large'; message: string; cause?: unknown }) {
    super(options.message, { cause: options.cause });
    this.kind = options.kind;
  }
}
