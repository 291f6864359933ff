import { type DocumentLimits, documentLimits } from './document-limits';
import { type DocumentMediaType, normalizeMediaType } from './document-media-type';
import { type DocumentRefusal, refuse } from './document-refusal';
import { inspectImage } from './image/inspect-image';
import { decryptPdf } from './pdf/decrypt-pdf';
import { pageText } from './pdf/page-text';
import { withPdf } from './pdf/with-pdf';
import { type SniffedType, sniffMediaType } from './sniff-media-type';

/** A document accepted: its type as the bytes show it, and what could be learnt without reading it all. */
export interface DocumentFacts {
  readonly type: 'ok';
  readonly mediaType: DocumentMediaType;
  readonly bytes: number;
  /** PDFs: the page count. */
  readonly pages?: number;
  /** Images: the size in pixels. */
  readonly width?: number;
  readonly height?: number;
  /** PDFs: whether any of the first `TEXT_LAYER_SAMPLE` pages has text (no OCR is done). */
  readonly hasTextLayer?: boolean;
  /**
   * PDFs: true when it is encrypted though it opens without a password (permissions only); it is
   * sent to the model as `decryptPdf` rewrites it, which was checked to succeed.
   */
  readonly encrypted?: boolean;
}

export type DocumentInspection = DocumentFacts | DocumentRefusal;

/** How many leading pages are read to tell whether a PDF has a text layer. */
const TEXT_LAYER_SAMPLE = 3;

/** The document's type as its bytes show it, or why it is refused: unknown, unsupported, or not what is claimed. */
function documentType(claimed: string | undefined, actual: SniffedType): DocumentMediaType | DocumentRefusal {
  if (claimed === undefined) {
    if (actual === null) return refuse('unsupported_type', 'the bytes are not a PDF, PNG, JPEG, WebP or GIF');
    if (actual === 'other') {
      return refuse('unsupported_type', 'the image type is not one the model reads (PNG, JPEG, WebP, GIF)');
    }
    return actual;
  }
  const claim = normalizeMediaType(claimed);
  if (claim === null)
    return refuse('unsupported_type', 'the claimed type is not a PDF, PNG, JPEG, WebP or GIF');
  if (actual !== claim) {
    const shown = actual === null ? 'no known type' : actual === 'other' ? 'another image type' : actual;
    return refuse('bad_document', `the document claims to be ${claim} but its bytes are ${shown}`);
  }
  return claim;
}

/**
 * Checks a document before anything is spent on it: the type comes from the bytes (a claimed type
 * must agree with them), then the size, and for a PDF its end marker, the decoded size of its
 * streams, whether it needs a password (refused) or is encrypted for permissions only (accepted, and
 * checked to decrypt), its page count (the page tree's count, without reading the pages), and for
 * an image the dimensions in its header. Never throws for a bad document; a refusal says why.
 * An abort of `signal` rejects with its reason.
 */
export async function inspectDocument(options: {
  bytes: Uint8Array;
  claimedMediaType?: string | undefined;
  limits?: Partial<DocumentLimits> | undefined;
  signal?: AbortSignal | undefined;
}): Promise<DocumentInspection> {
  const { bytes } = options;
  const limits = documentLimits(options.limits);
  if (bytes.length === 0) return refuse('bad_document', 'the document is empty (0 bytes)');
  const mediaType = documentType(options.claimedMediaType, sniffMediaType(bytes));
  if (typeof mediaType !== 'string') return mediaType;
  const maxBytes = mediaType === 'application/pdf' ? limits.maxPdfBytes : limits.maxImageBytes;
  if (bytes.length > maxBytes) {
    return refuse(
      'document_too_large',
      `the ${mediaType} document is ${bytes.length} bytes; at most ${maxBytes} are accepted`,
    );
  }
  if (mediaType !== 'application/pdf') {
    const image = inspectImage(bytes, mediaType, limits);
    if ('type' in image) return image;
    return { type: 'ok', mediaType, bytes: bytes.length, width: image.width, height: image.height };
  }
  return withPdf({ bytes, limits, signal: options.signal }, async ({ pdf, signal, encrypted }) => {
    let hasTextLayer = false;
    for (let page = 1; page <= Math.min(pdf.numPages, TEXT_LAYER_SAMPLE) && !hasTextLayer; page += 1) {
      signal.throwIfAborted();
      hasTextLayer = (await pageText(pdf, page)).trim() !== '';
    }
    if (encrypted) {
      const decrypted = await decryptPdf({ bytes });
      if ('type' in decrypted) return decrypted;
    }
    return {
      type: 'ok',
      mediaType,
      bytes: bytes.length,
      pages: pdf.numPages,
      hasTextLayer,
      ...(encrypted ? { encrypted } : {}),
    } satisfies DocumentFacts;
  });
}
