import { PDFDocument } from '@cantoo/pdf-lib';
import { type DocumentRefusal, refuse } from '../document-refusal';

/**
 * The bytes of a PDF whose encryption only restricts permissions (its user password is empty, so
 * any reader opens it without asking), rewritten without encryption: the Messages API takes only
 * PDFs without passwords or encryption. Decrypted with `@cantoo/pdf-lib` (RC4 and AES, revisions 2
 * to 6), loaded with the empty password and saved; the pages and their text are unchanged. A PDF
 * that needs a password, or whose encryption the library cannot remove, is refused.
 */
export async function decryptPdf(options: {
  readonly bytes: Uint8Array;
}): Promise<Uint8Array | DocumentRefusal> {
  let decrypted: PDFDocument;
  try {
    decrypted = await PDFDocument.load(options.bytes, { password: '', updateMetadata: false });
  } catch (error) {
    const name = error instanceof Error ? error.name : 'unknown error';
    return refuse(
      'bad_document',
      `the PDF is encrypted and could not be decrypted (${name}); send it without encryption`,
    );
  }
  return decrypted.save({ updateFieldAppearances: false });
}
