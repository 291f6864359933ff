import type { PDFDocumentLoadingTask, PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { DocumentLimits } from '../document-limits';
import { type DocumentRefusal, refuse } from '../document-refusal';
import { raceAbort } from '../race-abort';
import { measureDeflateStreams } from './measure-deflate-streams';
import { pdfjs } from './pdfjs';

/** A PDF ends with `%%EOF`; readers look for it in the last 1024 bytes. */
const EOF_WINDOW = 1024;

function endsWithEofMarker(bytes: Uint8Array): boolean {
  const tail = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).subarray(-EOF_WINDOW);
  return tail.includes('%%EOF', 0, 'latin1');
}

function openFailure(error: unknown): DocumentRefusal {
  const name = error instanceof Error ? error.name : 'unknown error';
  if (name === 'PasswordException') {
    return refuse('bad_document', 'the PDF is encrypted (password-protected); send it without encryption');
  }
  return refuse('bad_document', `the PDF cannot be read (${name}); it is damaged or not a PDF`);
}

/**
 * What `withPdf` hands to its callback: the open document, the signal that ends the work, and
 * whether the PDF is encrypted though it opened without a password (permissions only).
 */
interface OpenPdf {
  readonly pdf: PDFDocumentProxy;
  readonly signal: AbortSignal;
  readonly encrypted: boolean;
}

type Use<T> = (open: OpenPdf) => Promise<T | DocumentRefusal>;

async function readPdf<T>(
  bytes: Uint8Array,
  limits: DocumentLimits,
  signal: AbortSignal,
  use: Use<T>,
  opened: { task: PDFDocumentLoadingTask | null },
): Promise<T | DocumentRefusal> {
  const measure = await measureDeflateStreams({ bytes, maxDecodedBytes: limits.maxDecodedBytes, signal });
  if (!measure.withinBudget) {
    return refuse(
      'document_too_large',
      `the PDF's compressed streams decode to more than ${limits.maxDecodedBytes} bytes`,
    );
  }
  // pdf.js may take over the buffer it is given, and refuses a Node Buffer: hand it a plain copy.
  const task = (await pdfjs()).getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    disableFontFace: true,
    verbosity: 0,
  });
  opened.task = task;
  const stop = (): void => void task.destroy();
  let pdf: PDFDocumentProxy;
  try {
    pdf = await raceAbort(task.promise, signal, stop);
  } catch (error) {
    if (signal.aborted) throw error;
    return openFailure(error);
  }
  // Opened without a password: any encryption only restricts permissions (see `decryptPdf`).
  const { info } = await raceAbort(pdf.getMetadata(), signal, stop);
  const encrypted = Boolean((info as { EncryptFilterName?: string | null }).EncryptFilterName);
  if (pdf.numPages > limits.maxPages) {
    return refuse(
      'document_too_large',
      `the PDF has ${pdf.numPages} pages; at most ${limits.maxPages} are accepted`,
    );
  }
  return raceAbort(use({ pdf, signal, encrypted }), signal, stop);
}

/**
 * Opens a PDF only after the checks that need no PDF reader (the end marker, the decoded size of
 * its deflate streams), refuses it when it needs a password or is over the page limit, then runs `use` on it.
 * The whole of it runs under one deadline (`limits.timeoutMs`): past it the reader is destroyed and
 * the document refused as too large to process. An abort of `signal` is the caller's, not the
 * document's: it rejects with the signal's reason.
 */
export async function withPdf<T>(
  options: { bytes: Uint8Array; limits: DocumentLimits; signal?: AbortSignal | undefined },
  use: Use<T>,
): Promise<T | DocumentRefusal> {
  const { bytes, limits } = options;
  if (!endsWithEofMarker(bytes))
    return refuse('bad_document', 'the PDF is truncated (it has no %%EOF end marker)');
  const deadline = AbortSignal.timeout(limits.timeoutMs);
  const signal = options.signal ? AbortSignal.any([deadline, options.signal]) : deadline;
  const opened: { task: PDFDocumentLoadingTask | null } = { task: null };
  try {
    return await readPdf(bytes, limits, signal, use, opened);
  } catch (error) {
    if (options.signal?.aborted) throw options.signal.reason;
    if (deadline.aborted)
      return refuse('document_too_large', `reading the PDF took longer than ${limits.timeoutMs} ms`);
    throw error;
  } finally {
    await opened.task?.destroy();
  }
}
