import { PDFArray, PDFDict, PDFDocument, type PDFObject, PDFRef, PDFStream } from '@cantoo/pdf-lib';
import { type DocumentRefusal, refuse } from '../document-refusal';

/** The objects a value refers to directly: references inside it, through dictionaries and arrays. */
function referencesIn(value: PDFObject | undefined): PDFRef[] {
  if (value instanceof PDFRef) return [value];
  if (value instanceof PDFStream) return referencesIn(value.dict);
  if (value instanceof PDFDict) return value.values().flatMap(referencesIn);
  if (value instanceof PDFArray) return value.asArray().flatMap(referencesIn);
  return [];
}

/**
 * Drops every object the decrypted document no longer reaches from its trailer (`Root`, `Info`):
 * the encryption dictionary, the loaded cross-reference and object streams (their dictionaries
 * still name `/Encrypt`; the saved file writes its own), so that no reader, even one rebuilding a
 * damaged cross-reference table by scanning, finds a trace of the encryption.
 */
function dropUnreachableObjects(doc: PDFDocument): void {
  const { context } = doc;
  const reached = new Set<string>();
  const pending = [context.trailerInfo.Root, context.trailerInfo.Info].flatMap((root) =>
    referencesIn(root as PDFObject | undefined),
  );
  for (let ref = pending.pop(); ref; ref = pending.pop()) {
    const tag = ref.toString();
    if (reached.has(tag)) continue;
    reached.add(tag);
    pending.push(...referencesIn(context.lookup(ref)));
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
  dropUnreachableObjects(decrypted);
  return decrypted.save({ updateFieldAppearances: false });
}
