import {
  BadDocumentError,
  documentTokenEstimate,
  type JobDocument,
  type ResolvedDocument,
} from '@quarry/core';
import { extractPdfText, inspectDocument } from '@quarry/documents';
import type { DocumentReading, DocumentReadingCache } from './document-reading-cache';

/**
 * The document's type from its bytes, its text layer and its input-token estimate: kept from an
 * earlier run of a job with the same bytes and claimed type, else `inspectDocument` (refused as
 * {@link BadDocumentError}), the text layer extracted and the tokens estimated
 * (`documentTokenEstimate`: pages, text per page, image size), then kept.
 */
export async function readDocument(options: {
  readonly bytes: Uint8Array;
  readonly claimedMediaType: JobDocument['mediaType'];
  readonly readings: DocumentReadingCache;
  readonly cacheKey: string;
  readonly signal: AbortSignal | undefined;
}): Promise<DocumentReading> {
  const kept = options.readings.get(options.cacheKey);
  if (kept) return kept;
  const { bytes, signal } = options;
  const inspection = await inspectDocument({ bytes, claimedMediaType: options.claimedMediaType, signal });
  if (inspection.type === 'refused') {
    throw new BadDocumentError({
      kind: inspection.reason === 'document_too_large' ? 'document_too_large' : 'bad_document',
      message: `input.document: ${inspection.detail}`,
    });
  }
  const { text, pageStarts, pageTextChars } = inspection.hasTextLayer
    ? await textLayer(bytes, signal)
    : { text: null, pageStarts: null, pageTextChars: null };
  const estimatedTokens = documentTokenEstimate(
    inspection.mediaType === 'application/pdf'
      ? { kind: 'pdf', pages: inspection.pages ?? 1, pageTextChars }
      : {
          kind: 'image',
          size:
            inspection.width !== undefined && inspection.height !== undefined
              ? { width: inspection.width, height: inspection.height }
              : null,
        },
  );
  const reading = {
    mediaType: inspection.mediaType,
    text,
    pageStarts,
    estimatedTokens,
    ...(inspection.encrypted ? { encrypted: true } : {}),
  };
  options.readings.set(options.cacheKey, reading);
  return reading;
}

/** The text layer, pages joined by a blank line, where each page starts in it, and each page's length. */
async function textLayer(
  bytes: Uint8Array,
  signal: AbortSignal | undefined,
): Promise<Pick<ResolvedDocument, 'text' | 'pageStarts'> & { pageTextChars: number[] | null }> {
  const extracted = await extractPdfText({ bytes, signal });
  if (extracted.type === 'refused') {
    throw new BadDocumentError({
      kind: extracted.reason === 'document_too_large' ? 'document_too_large' : 'bad_document',
      message: `input.document: ${extracted.detail}`,
    });
  }
  if (!extracted.hasTextLayer) return { text: null, pageStarts: null, pageTextChars: null };
  const pageStarts: number[] = [];
  let at = 0;
  for (const page of extracted.pages) {
    pageStarts.push(at);
    at += page.text.length + 2;
  }
  return {
    text: extracted.pages.map((page) => page.text).join('\n\n'),
    pageStarts,
    pageTextChars: extracted.pages.map((page) => page.text.length),
  };
}
