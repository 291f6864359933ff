import type { PDFDocument } from '@cantoo/pdf-lib';
import { type DocumentLimits, documentLimits } from '../document-limits';
import { raceAbort } from '../race-abort';
import { PdfPagesError } from './pdf-pages-error';

/** `@cantoo/pdf-lib`, loaded on first use (it is large; most processes never need it). */
export type PdfLib = typeof import('@cantoo/pdf-lib');

/** Objects pdf-lib parses or writes between two turns of the event loop, so the deadline gets its turn. */
export const OBJECTS_PER_TICK = 200;

/**
 * Runs `work` under the deadline (`limits.timeoutMs`) and the caller's `signal`: past the deadline
 * it rejects with a `PdfPagesError` (`timeout`); an abort of `signal` rejects with its reason; any
 * other failure of pdf-lib's is an `unreadable` `PdfPagesError` (its error is the `cause`).
 */
export async function withPdfLib<T>(
  options: {
    readonly limits?: Partial<DocumentLimits> | undefined;
    readonly signal?: AbortSignal | undefined;
  },
  work: (lib: PdfLib, signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const { timeoutMs } = documentLimits(options.limits);
  const deadline = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([deadline, options.signal]) : deadline;
  try {
    const lib = await import('@cantoo/pdf-lib');
    return await raceAbort(work(lib, signal), signal, () => undefined);
  } catch (error) {
    if (options.signal?.aborted) throw options.signal.reason;
    if (deadline.aborted && !(error instanceof PdfPagesError))
      throw new PdfPagesError({
        problem: 'timeout',
        message: `reading the PDF's pages took longer than ${timeoutMs} ms`,
        cause: error,
      });
    if (error instanceof PdfPagesError) throw error;
    // pdf-lib parses leniently and fails later, on the first missing object (a damaged page tree).
    throw unreadable(error);
  }
}

function unreadable(error: unknown): PdfPagesError {
  const name = error instanceof Error ? error.name : 'unknown error';
  return new PdfPagesError({
    problem: 'unreadable',
    message: `the PDF cannot be read (${name}); it is damaged or not a PDF`,
    cause: error,
  });
}

/** Loads a PDF with pdf-lib; a PDF it cannot parse is `unreadable`, an encrypted one `encrypted`. */
export async function loadPdfLib(lib: PdfLib, bytes: Uint8Array): Promise<PDFDocument> {
  if (bytes.length === 0)
    throw new PdfPagesError({ problem: 'unreadable', message: 'the PDF is empty (0 bytes)' });
  try {
    const doc = await lib.PDFDocument.load(bytes, {
      updateMetadata: false,
      throwOnInvalidObject: false,
      parseSpeed: OBJECTS_PER_TICK,
    });
    // Bytes without a page tree load without complaint; reading the count is what fails.
    doc.getPageCount();
    return doc;
  } catch (error) {
    if (error instanceof lib.EncryptedPDFError)
      throw new PdfPagesError({
        problem: 'encrypted',
        message: 'the PDF is encrypted; decrypt it (decryptPdf) before cutting pages from it',
        cause: error,
      });
    throw unreadable(error);
  }
}
