import { type DocumentLimits, documentLimits } from './document-limits';
import { type DocumentRefusal, refuse } from './document-refusal';
import { pageText } from './pdf/page-text';
import { withPdf } from './pdf/with-pdf';
import { sniffMediaType } from './sniff-media-type';

/** One page's text layer (pages count from 1). */
export interface PdfPageText {
  readonly page: number;
  readonly text: string;
}

/** The text layer of every page; `hasTextLayer` is false when no page has any text (a scan: no OCR is done). */
export interface PdfText {
  readonly type: 'ok';
  readonly pages: readonly PdfPageText[];
  readonly hasTextLayer: boolean;
}

/**
 * Extracts the text layer of a PDF, page by page, after the same checks as `inspectDocument`, within
 * one deadline (`limits.timeoutMs`) and at most `limits.maxTextChars` characters in all; a PDF
 * over either is refused as `document_too_large`. An abort of `signal` rejects with its reason.
 */
export async function extractPdfText(options: {
  bytes: Uint8Array;
  limits?: Partial<DocumentLimits> | undefined;
  signal?: AbortSignal | undefined;
}): Promise<PdfText | DocumentRefusal> {
  const { bytes } = options;
  const limits = documentLimits(options.limits);
  if (bytes.length === 0) return refuse('bad_document', 'the document is empty (0 bytes)');
  if (sniffMediaType(bytes) !== 'application/pdf') return refuse('bad_document', 'the bytes are not a PDF');
  if (bytes.length > limits.maxPdfBytes) {
    return refuse(
      'document_too_large',
      `the PDF is ${bytes.length} bytes; at most ${limits.maxPdfBytes} are accepted`,
    );
  }
  return withPdf({ bytes, limits, signal: options.signal }, async ({ pdf, signal }) => {
    const pages: PdfPageText[] = [];
    let chars = 0;
    for (let page = 1; page <= pdf.numPages; page += 1) {
      signal.throwIfAborted();
      const text = await pageText(pdf, page);
      chars += text.length;
      if (chars > limits.maxTextChars) {
        return refuse(
          'document_too_large',
          `the PDF's text is over ${limits.maxTextChars} characters (reached on page ${page})`,
        );
      }
      pages.push({ page, text });
    }
    return {
      type: 'ok',
      pages,
      hasTextLayer: pages.some(({ text }) => text.trim() !== ''),
    } satisfies PdfText;
  });
}
