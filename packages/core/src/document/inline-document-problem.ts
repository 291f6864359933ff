import { decodedBase64Bytes } from './inline-document-bytes';
import type { JobDocument } from './job-document';

/**
 * Why an inline (base64) document is refused, or `null`: its decoded size is over `maxBytes`
 * (`QUARRY_INLINE_DOCUMENT_MAX_BYTES`). Documents by reference have no such limit here.
 */
export function inlineDocumentProblem(options: {
  readonly document: JobDocument;
  readonly maxBytes: number;
}): string | null {
  const { source } = options.document;
  if (source.type !== 'base64') return null;
  const bytes = decodedBase64Bytes(source.data);
  return bytes > options.maxBytes
    ? `is ${bytes} bytes decoded; inline documents are at most ${options.maxBytes} (QUARRY_INLINE_DOCUMENT_MAX_BYTES): store it as a blob instead`
    : null;
}
