import type { PDFDocument, PDFObject, PDFRef } from '@cantoo/pdf-lib';
import { type DocumentRefusal, refuse } from '../document-refusal';

/** `@cantoo/pdf-lib`, loaded on the first encrypted PDF (it is large; most processes never need it). */
type PdfLib = typeof import('@cantoo/pdf-lib');

/** The objects a value refers to directly: references inside it, through dictionaries and arrays. */
function referencesIn(lib: PdfLib, value: PDFObject | undefined): PDFRef[] {
  const inner = (item: PDFObject) => referencesIn(lib, item);
  if (value instanceof lib.PDFRef) return [value];
  if (value instanceof lib.PDFStream) return inner(value.dict);
  if (value instanceof lib.PDFDict) return value.values().flatMap(inner);
  if (value instanceof lib.PDFArray) return value.asArray().flatMap(inner);
  return [];
}

/**
 * Drops every object the decrypted document no longer reaches from its trailer (`Root`, `Info`):
 * the encryption dictionary, the loaded cross-reference and object streams (their dictionaries
 * still name `/Encrypt`; the saved file writes its own), so that no reader, even one rebuilding a
 * damaged cross-reference table by scanning, finds a trace of the encryption.
 */
function dropUnreachableObjects(lib: PdfLib, doc: PDFDocument): void {
  const { context } = doc;
  const reached = new Set<string>();
  const pending = [context.trailerInfo.Root, context.trailerInfo.Info].flatMap((root) =>
    referencesIn(lib, root as PDFObject | undefined),
  );
  for (let ref = pending.pop(); ref; ref = pending.pop()) {
    const tag = ref.toString();
    if (reached.has(tag)) continue;
    reached.add(tag);
    pending.push(...referencesIn(lib, context.lookup(ref)));
  }
  for (const [ref] of context.enumerateIndirectObjects()) {
    if (!reached.has(ref.toString())) context.delete(ref);
  }
}

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
  const lib = await import('@cantoo/pdf-lib');
  let decrypted: PDFDocument;
  try {
    decrypted = await lib.PDFDocument.load(options.bytes, { password: '', updateMetadata: false });
  } catch (error) {
    const name = error instanceof Error ? error.name : 'unknown error';
    return refuse(
      'bad_document',
      `the PDF is encrypted and could not be decrypted (${name}); send it without encryption`,
    );
  }
  dropUnreachableObjects(lib, decrypted);
  return decrypted.save({ updateFieldAppearances: false });
}
