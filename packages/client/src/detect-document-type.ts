import { DocumentMediaType } from '@quarry/core';
import { fileTypeFromBuffer } from 'file-type';
import { DocumentRejectedError } from './errors/document-rejected-error';

const accepted = 'PDF, PNG, JPEG, WebP or GIF';

/** The type `bytes` show by their signature (`{ mime: 'application/zip', ext: 'zip' }`), or `null`. */
export async function sniffFileType(bytes: Uint8Array): Promise<{ mime: string; ext: string } | null> {
  const found = await fileTypeFromBuffer(bytes);
  return found ? { mime: found.mime, ext: found.ext } : null;
}

/**
 * The media type of a document, told from its bytes (their signature), never from a file name.
 * @param options.expected - the type the caller claims; refused when the bytes show another
 * @throws DocumentRejectedError for empty bytes, bytes of no recognisable type, of a type Quarry does
 *   not take (a ZIP, a TIFF, a Word file…) or of another type than `expected`.
 */
export async function detectDocumentType(options: {
  readonly bytes: Uint8Array;
  readonly expected?: DocumentMediaType | undefined;
}): Promise<DocumentMediaType> {
  const size = options.bytes.byteLength;
  if (size === 0) {
    throw new DocumentRejectedError({
      problem: 'empty',
      message: 'the document is empty (0 bytes)',
      size,
      detected: null,
    });
  }
  const found = await sniffFileType(options.bytes);
  if (!found) {
    throw new DocumentRejectedError({
      problem: 'unknown_type',
      message: `the document's type cannot be told from its bytes; Quarry takes ${accepted} documents`,
      size,
      detected: null,
    });
  }
  const mediaType = DocumentMediaType.safeParse(found.mime);
  if (!mediaType.success) {
    throw new DocumentRejectedError({
      problem: 'unsupported_type',
      message: `the document is ${found.mime} (.${found.ext}); Quarry takes ${accepted} documents`,
      size,
      detected: found.mime,
    });
  }
  if (options.expected !== undefined && options.expected !== mediaType.data) {
    throw new DocumentRejectedError({
      problem: 'type_mismatch',
      message: `the document was given as ${options.expected} but its bytes are ${mediaType.data}`,
      size,
      detected: mediaType.data,
    });
  }
  return mediaType.data;
}
